import { MODELS } from '../../../shared/constants';
import type { ModelInfo, Usage } from '../../../shared/playground';
import type { AuthContext } from '../../plugins/app/auth';
import * as allowances from './allowance';
import { type PlaygroundContext, type PlaygroundDeps, playgroundContext } from './deps';
import { offeredModels, planModels } from './model-access';
import { promptTry } from './prompt-try';
import { type CompareInput, startCompare } from './compare';
import { exportSession } from './export';
import { importConversations } from './import';
import * as presets from './presets';
import { startPresetFor } from './default-preset';
import { deleteSession, getSession, listSessions, showBranch, updateSession } from './sessions';
import * as shares from './shares';
import { type ChatInput, type TurnRequest, runTurn, startTurn } from './turn';

/*
 * The playground, by job: allowance.ts (the allowance's one owner), prompt-try.ts (which prompt a
 * chat may use), turn.ts (checks and the rows before a reply), reply-stream.ts (the reply),
 * sessions.ts (a user's conversations). Each is plain functions over the deps; this binds them.
 */

export type { PlaygroundDeps } from './deps';
export type { Turn } from './turn';

export async function usage(deps: PlaygroundContext, auth: AuthContext): Promise<Usage> {
  return allowances.usageOf(deps.db, await deps.allowanceOf(auth), auth.userId);
}

/** The models the user's plan offers, its default marked. */
export async function listModels(deps: PlaygroundContext, auth: AuthContext): Promise<ModelInfo[]> {
  const plan = await deps.allowanceOf(auth);
  return offeredModels(deps.models, await planModels(deps.db, plan.planId ?? null));
}

/** The spec's three choices and whether they answer live (what the site says about itself). */
export const choiceModels = (deps: Pick<PlaygroundDeps, 'models'>) =>
  MODELS.map((id) => deps.models.find(id)!);

export function createPlaygroundService(plain: PlaygroundDeps) {
  const deps = playgroundContext(plain);
  return {
    startTurn: (auth: AuthContext, input: ChatInput) => startTurn(deps, auth, { kind: 'message', input }),
    /** A regenerated or continued reply (or a message): see turn.ts. */
    startTurnOf: (auth: AuthContext, req: TurnRequest) => startTurn(deps, auth, req),
    runTurn: (auth: AuthContext, input: ChatInput, options?: Parameters<typeof runTurn>[3]) =>
      runTurn(deps, auth, input, options),
    /** Two or three models at once, each column a turn of its own session: see compare.ts. */
    startCompare: (auth: AuthContext, input: CompareInput) => startCompare(deps, auth, input),
    usage: (auth: AuthContext) => usage(deps, auth),
    /** The caller's team's pool this month (decision 064). */
    teamPool: (auth: AuthContext) => allowances.teamPoolView(deps.db, auth.userId),
    listModels: (auth: AuthContext) => listModels(deps, auth),
    choiceModels: () => choiceModels(deps),
    listSessions: (auth: AuthContext, q?: string) => listSessions(deps, auth, q),
    getSession: (auth: AuthContext, id: string) => getSession(deps, auth, id),
    deleteSession: (auth: AuthContext, id: string) => deleteSession(deps, auth, id),
    updateSession: (auth: AuthContext, id: string, change: Parameters<typeof updateSession>[3]) =>
      updateSession(deps, auth, id, change),
    exportSession: (auth: AuthContext, id: string, format: 'markdown' | 'json') =>
      exportSession(deps, auth, id, format),
    importConversations: (auth: AuthContext, content: string) => importConversations(deps, auth, content),
    showBranch: (auth: AuthContext, id: string, messageId: string) => showBranch(deps, auth, id, messageId),
    listPresets: (auth: AuthContext) => presets.listPresets(deps, auth),
    /** The admin's default preset for this user's plan: see default-preset.ts. */
    startPreset: (auth: AuthContext) => startPresetFor(deps, auth),
    createPreset: (auth: AuthContext, input: Parameters<typeof presets.createPreset>[2]) =>
      presets.createPreset(deps, auth, input),
    updatePreset: (auth: AuthContext, id: string, input: Parameters<typeof presets.updatePreset>[3]) =>
      presets.updatePreset(deps, auth, id, input),
    deletePreset: (auth: AuthContext, id: string) => presets.deletePreset(deps, auth, id),
    promptTry: (auth: AuthContext, idOrSlug: string) => promptTry(deps, auth, idOrSlug),
    getShare: (auth: AuthContext, sessionId: string) => shares.getShare(deps, auth, sessionId),
    share: (auth: AuthContext, sessionId: string) => shares.share(deps, auth, sessionId),
    unshare: (auth: AuthContext, sessionId: string) => shares.unshare(deps, auth, sessionId),
    readShare: (id: string) => shares.readShare(deps, id),
  };
}

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;

/* One reply outside a chat (prompt tests, a try's baseline): see single-reply.ts. */
export { type SingleReply, singleReply } from './single-reply';
export { SYSTEM_PROMPT, systemPrompt } from './conversation';
export { holdsWholeText, normalize as normalizeForLeakCheck } from './leak-guard';
export { UPLOADS_CLEANUP_QUEUE } from './uploads';
/* The admin's default preset, set from the admin panel: see default-preset.ts. */
export { clearDefaultPreset, getDefaultPreset, setDefaultPreset } from './default-preset';
