import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import {
  AI_FAILURE_MESSAGE,
  BASELINE_ONLY_FOR_TRIES,
  type ChatReply,
  type ChatRequestSchema,
  fillVariables,
} from '../../../shared/playground';
import { DEFAULT_SETTINGS, type SessionSettings } from '../../../shared/playground-settings';
import { providerRequested } from '../../integrations/ai/providers';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import * as allowances from './allowance';
import { API_KEY_MESSAGES } from '../../../shared/api-keys';
import { asTree } from './branches';
import { modelMessages, systemPrompt, titleFrom } from './conversation';
import { singleReply } from './single-reply';
import type { PlaygroundContext } from './deps';
import { planModels, resolveModel } from './model-access';
import { visiblePrompt } from './prompt-try';
import { type ProviderCall, type ReplyJob, providerCall, runReply } from './reply-stream';
import * as repo from './repository';
import { SESSION_NOT_FOUND, settingsOf } from './sessions';
import { type Placement, placeTurn } from './turn-place';

/*
 * A chat turn: the checks, the conversation the model is sent, and the rows written before the
 * reply (the user's message, a new session, what the turn takes of the allowance). A turn is a new
 * message (perhaps an edit of an earlier one), a regenerated reply, or a cut reply continued
 * (turn-place.ts decides where in the conversation it goes). The reply itself is reply-stream.ts.
 */

export type ChatInput = z.output<typeof ChatRequestSchema>;

export type TurnRequest =
  | { kind: 'message'; input: ChatInput; compareId?: string }
  | { kind: 'regenerate'; sessionId: string; messageId: string; model?: string }
  | { kind: 'continue'; sessionId: string; messageId: string };

/** One chat turn, prepared: the checks passed, the session exists and its slot is reserved. */
export interface Turn {
  sessionId: string;
  model: string;
  live: boolean;
  /** Streams the reply, calling onToken with each safe piece of text; resolves with the saved reply. */
  run(onToken: (text: string) => void, signal: AbortSignal): Promise<ChatReply>;
}

/** The sender's pace and the message's length, refused before anything is read. */
async function checkSender(deps: PlaygroundContext, auth: AuthContext, message: string | null) {
  const { limiter, config } = deps;
  const hit = await limiter.hit(`chat:${auth.userId}`, 60_000);
  if (hit.count > config.playground.rateLimit) {
    throw new AppError('RATE_LIMIT_ERROR', "You're sending messages too quickly. Please wait a moment.", {
      retryAfterSeconds: Math.ceil(hit.resetMs / 1000),
    });
  }
  const max = config.playground.maxMessageChars;
  if (message !== null && message.length > max) {
    const text = `Messages must be at most ${max} characters`;
    throw new AppError('VALIDATION_ERROR', text, { details: [{ field: 'message', message: text }] });
  }
}

/** What a turn is made of, all read before anything is written. */
type TurnPlan = Omit<ReplyJob, 'reservation' | 'taken' | 'call' | 'answers' | 'continues' | 'added'> & {
  existing: repo.SessionRow | undefined;
  input: ChatInput | null;
  compareId: string | null;
  attachmentIds: string[];
  place: Placement;
  variables: Record<string, string>;
  isTry: boolean;
  settings: SessionSettings;
  needs: allowances.Holding;
  /** The plan's allowance when the turn takes a slot; null when the session holds one. */
  allowance: allowances.PlanAllowance | null;
  system: string;
  messages: ModelMessage[];
  now: string;
};

const sessionOf = (req: TurnRequest) => (req.kind === 'message' ? req.input.sessionId : req.sessionId);

async function planTurn(deps: PlaygroundContext, auth: AuthContext, req: TurnRequest): Promise<TurnPlan> {
  const { db, models, uploads, config } = deps;
  const input = req.kind === 'message' ? req.input : null;
  const sessionId = sessionOf(req);
  // A team's API key starts sessions only (decision 071): its creator's conversations are their own,
  // and nothing marks a session as the team's.
  if (sessionId && auth.apiKey?.teamId) {
    throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.teamKeyNewSessionsOnly);
  }
  // The plan decides which models the turn may use (and, for a turn taking a slot, whether one is left).
  const [plan, existing] = await Promise.all([
    deps.allowanceOf(auth),
    sessionId ? repo.findSession(db, sessionId, auth.userId) : undefined,
  ]);
  if (!input && !existing) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  const tree = asTree(existing ? await repo.listMessages(db, existing.id) : [], existing?.leaf_id ?? null);
  const rows = tree.rows;
  const placeFirst = input ? null : placeTurn(req, tree.leafId, rows, existing!.model);
  const modelRef = input?.model ?? placeFirst!.model;
  const choice = resolveModel(models, await planModels(db, plan.planId ?? null), modelRef);
  // Its provider stopped answering (decision 054): refused before anything is written or counted.
  if (models.status(choice.key) === 'unavailable') {
    throw new AppError('SERVER_ERROR', AI_FAILURE_MESSAGE, {
      status: 503,
      internal: `${choice.provider} is not answering: its circuit is open`,
    });
  }
  const attachmentIds = [...new Set(input?.attachments ?? [])];
  const files = await uploads.forMessage(auth.userId, attachmentIds, choice);
  if (sessionId && !existing) throw new AppError('NOT_FOUND_ERROR', SESSION_NOT_FOUND);
  const place = placeFirst ?? placeTurn(req, tree.leafId, rows, input!.model);
  if (existing && existing.message_count + place.added > config.playground.maxMessagesPerSession) {
    throw new AppError(
      'VALIDATION_ERROR',
      'This conversation has reached its message limit. Start a new chat to continue.',
    );
  }
  const promptRef = existing ? existing.prompt_id : (input?.promptId ?? null);
  const found = promptRef ? await visiblePrompt(deps, promptRef, auth) : null;
  const prompt = found?.prompt ?? null;
  const isTry = found?.access.premiumTry ?? false;
  const now = nowIso();
  const id = existing?.id ?? newId();
  const held = existing ? await allowances.heldBy(db, id) : allowances.NOTHING;
  const needs = allowances.needsOf(held, isTry);
  const variables = existing
    ? (JSON.parse(existing.prompt_variables) as Record<string, string>)
    : (input?.variables ?? {});
  const settings = existing ? settingsOf(existing.settings) : (input?.settings ?? DEFAULT_SETTINGS);
  const premiumText = isTry && prompt ? fillVariables(prompt.content, variables) : null;
  const next = input ? { message: input.message, files } : null;
  return {
    ...{ auth, input, plan, choice, prompt, isTry, variables, premiumText, existing, place, needs, settings },
    sessionId: id,
    modelRef,
    compareId: req.kind === 'message' ? (req.compareId ?? null) : null,
    attachmentIds,
    // What the user sent themselves is never a leak: echoing a guess is like echoing anything.
    supplied: [
      ...place.path.filter((m) => m.role === 'user').map((m) => m.content),
      ...(input ? [input.message] : []),
      ...Object.values(variables),
      ...(settings.systemPrompt ? [settings.systemPrompt] : []),
    ],
    // The plan's allowance matters only to a turn that takes a slot; a session holding one goes on freely.
    allowance: needs.slot ? plan : null,
    system: systemPrompt(premiumText, settings),
    messages: await modelMessages(uploads, place.path, next),
    now,
  };
}

/**
 * Calls the provider before the turn's writes. The AI SDK hands the request to fetch a few steps
 * after the call; once it has (or at worst after a moment, for a model with no request), one turn
 * of the event loop lets it reach the wire before the writes, which are synchronous on SQLite.
 */
async function callBeforeWriting(call: ProviderCall, live: boolean) {
  const requested = live ? providerRequested(call.controller.signal) : null;
  call.start();
  if (requested) {
    let fallback: NodeJS.Timeout | undefined;
    await Promise.race([requested, new Promise((resolve) => (fallback = setTimeout(resolve, 20)))]);
    clearTimeout(fallback);
  }
  await new Promise(setImmediate);
}

/** The turn's rows in one transaction: what it takes of the allowance, a new session, the user's message. */
async function writeTurn(
  deps: PlaygroundContext,
  t: TurnPlan,
  reservation: allowances.Reservation,
  userMessageId: string | null,
) {
  const { db, engine, uploads } = deps;
  let taken = allowances.NOTHING;
  await db.transaction().execute(async (trx) => {
    // First: a reservation that counts takes the user's lock before this transaction writes.
    if (t.needs.slot || t.needs.try) taken = await allowances.reserve(trx, engine, reservation);
    // A session written before branches gets its links before it grows one.
    if (t.existing && t.existing.leaf_id === null) await repo.linkAsOneBranch(trx, t.sessionId);
    if (!t.existing && t.input) {
      await repo.insertSession(trx, {
        id: t.sessionId,
        userId: t.auth.userId,
        // A try is titled by its prompt, so the history reads 'Salary Negotiation Coach', not its text.
        title: t.prompt ? titleFrom(t.prompt.title) : titleFrom(t.input.message),
        model: t.modelRef,
        promptId: t.prompt?.id ?? null,
        variables: t.isTry ? (t.input.variables ?? {}) : {},
        settings: t.settings,
        compareId: t.compareId,
        now: t.now,
      });
    }
    if (userMessageId && t.input) {
      await repo.insertMessage(trx, {
        id: userMessageId,
        sessionId: t.sessionId,
        role: 'user',
        content: t.input.message,
        model: null,
        status: 'complete',
        latencyMs: null,
        parentId: t.place.parentId,
        createdAt: t.now,
      });
      await uploads.attach(trx, t.auth.userId, t.attachmentIds, userMessageId);
    }
  });
  return taken;
}

/**
 * Checks the turn and reserves what it needs of the allowance (the session's slot, a premium try)
 * in one transaction: concurrent first messages can never exceed the allowance, and a turn that
 * could be refused reaches the provider only once its slot is reserved. A reply that then fails
 * gives back what its turn took.
 */
export async function startTurn(deps: PlaygroundContext, auth: AuthContext, req: TurnRequest): Promise<Turn> {
  await checkSender(deps, auth, req.kind === 'message' ? req.input.message : null);
  const t = await planTurn(deps, auth, req);
  const baseline = req.kind === 'message' && req.input.baseline === true;
  // The baseline is the same message without the prompt: it exists for a try whose prompt the server
  // adds (a premium try), on its first message, where the message is the user's alone.
  if (baseline && (!t.isTry || t.existing)) {
    throw new AppError('VALIDATION_ERROR', BASELINE_ONLY_FOR_TRIES, {
      details: [{ field: 'baseline', message: BASELINE_ONLY_FOR_TRIES }],
    });
  }
  const { maxOutputTokens } = deps.config.ai;
  const call = providerCall(deps, t.choice, {
    system: t.system,
    messages: t.messages,
    temperature: t.settings.temperature,
    maxOutputTokens: Math.min(t.settings.maxTokens ?? maxOutputTokens, maxOutputTokens),
  });
  // A turn the allowance cannot refuse (a paid plan, a session holding its slot, not a new premium
  // try) calls the provider first and writes its rows while the provider thinks: time to first
  // token does not wait for them. One that could be refused reserves first, so a refused turn
  // never reaches the provider.
  const mayBeRefused = t.needs.try || (t.allowance !== null && !t.allowance.unlimited);
  if (!mayBeRefused) await callBeforeWriting(call, t.choice.live);

  const reservation: allowances.Reservation = {
    userId: auth.userId,
    sessionId: t.sessionId,
    promptId: t.prompt?.id ?? null,
    needs: t.needs,
    allowance: t.allowance,
    triesTotal: deps.config.playground.premiumTries,
    // Only a turn that could be refused counts before it writes, so only such a turn needs the
    // user's lock: an unlimited plan's new session has nothing to count.
    check: mayBeRefused,
    now: t.now,
  };
  const userMessageId = t.input ? newId() : null;
  let taken: allowances.Holding;
  try {
    taken = await writeTurn(deps, t, reservation, userMessageId);
  } catch (err) {
    // The turn was not written (e.g. the database is unavailable): the provider call is dropped.
    call.cancel(new Error('turn not started'));
    throw err;
  }
  if (mayBeRefused) call.start();
  const job: ReplyJob = {
    ...t,
    answers: userMessageId ?? t.place.answers!,
    continues: t.place.continues,
    added: t.place.added,
    reservation,
    taken,
    call,
  };
  return {
    sessionId: t.sessionId,
    model: t.modelRef,
    live: t.choice.live,
    run: baseline
      ? (onToken, signal) => withBaseline(deps, t, () => runReply(deps, job, onToken, signal), signal)
      : (onToken, signal) => runReply(deps, job, onToken, signal),
  };
}

/**
 * The try's reply with the baseline beside it: the same model, the same message (and files), the
 * playground's own system prompt (or the user's), and no prompt text. It takes nothing of the
 * allowance: the try's session counts as the one try.
 */
async function withBaseline(
  deps: PlaygroundContext,
  t: TurnPlan,
  reply: () => Promise<ChatReply>,
  signal: AbortSignal,
): Promise<ChatReply> {
  const plain = singleReply(deps, t.choice, {
    system: systemPrompt(null, t.settings),
    messages: t.messages,
    premiumText: null,
    supplied: [],
    signal,
  }).catch((err: unknown) => {
    deps.log.warn({ err }, 'baseline answer failed');
    return null;
  });
  let answer: ChatReply;
  try {
    answer = await reply();
  } catch (err) {
    await plain;
    throw err;
  }
  const b = await plain;
  return {
    ...answer,
    baseline: b && {
      response: b.failure ? null : b.text,
      latencyMs: b.latencyMs,
      inputTokens: b.inputTokens,
      outputTokens: b.outputTokens,
      costMicros: b.costMicros,
    },
  };
}

/**
 * Runs one whole turn for a user and answers the saved reply: what an API client or another module
 * calls to have the playground answer a message (the allowance, tries and premium rules all apply).
 */
export async function runTurn(
  deps: PlaygroundContext,
  auth: AuthContext,
  input: ChatInput,
  options: { onToken?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<ChatReply> {
  const turn = await startTurn(deps, auth, { kind: 'message', input });
  return turn.run(options.onToken ?? (() => {}), options.signal ?? new AbortController().signal);
}
