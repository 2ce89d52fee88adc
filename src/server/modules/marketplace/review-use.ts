import type { ReviewRuns } from '../../../shared/marketplace';
import { SNAPSHOT_MAX_CHARS } from '../../../shared/marketplace';
import type { ModelRegistry } from '../../integrations/ai/providers';
import { fieldError } from '../../lib/errors';
import { holdsWholeText } from '../playground/service';
import type { AuthContext, MarketplaceDeps } from './deps';
import type { PromptDetailRow } from './prompt-page-repository';
import * as repo from './reviews-repository';
import { publishedPrompt } from './visible-prompt';

/*
 * Reviews tied to real use (issue 56, decision 068): the model and prompt version of the reviewer's
 * latest try, recorded with each write, and a snapshot: a copy of one of the reviewer's own
 * completed replies in a try of the prompt (output only, never their messages or the prompt),
 * which stays as it was when the conversation is deleted.
 */

/** The deps of a review's write: the model registry names the models people know. */
export interface ReviewDeps extends MarketplaceDeps {
  models: Pick<ModelRegistry, 'find'>;
}

const RUNS_LISTED = 20;
const EXCERPT_CHARS = 160;
const NOT_YOUR_RUN = 'Choose one of your own replies in a try of this prompt.';
const HOLDS_PROMPT =
  "This reply repeats the premium prompt's text, so it cannot be shown on a review. Choose another run.";

/** The model's name as people know it (Claude), from the registry; its key when it is gone. */
function modelName(deps: ReviewDeps, reply: { model: string | null; model_key: string | null }): string {
  const ref = reply.model_key ?? reply.model ?? '';
  return deps.models.find(ref)?.name ?? deps.models.find(reply.model ?? '')?.name ?? ref;
}

/**
 * Whether a text holds a premium prompt's whole text (case and spacing ignored). The leak guard
 * cuts recitals of 60 characters and more that the user did not supply; a shorter text, or one the
 * user typed in themselves, can come back whole, and a snapshot is shown to everyone.
 */
export function holdsPremiumText(row: Pick<PromptDetailRow, 'type' | 'content'>, text: string): boolean {
  return row.type === 'premium' && holdsWholeText(row.content, text);
}

/** The model and version of the reviewer's latest completed try; nulls when they only bought it. */
export async function usedWith(deps: ReviewDeps, promptId: string, userId: string) {
  const reply = await repo.latestTry(deps.db, promptId, userId);
  if (!reply) return { used_model: null, used_version: null };
  return {
    used_model: modelName(deps, reply),
    used_version: await repo.versionAt(deps.db, promptId, reply.created_at),
  };
}

const capped = (text: string) =>
  text.length > SNAPSHOT_MAX_CHARS ? `${text.slice(0, SNAPSHOT_MAX_CHARS - 1)}…` : text;

/**
 * The snapshot columns a write sets: undefined (not sent) keeps the attached one, null takes it
 * off, an id copies that reply, which must be the reviewer's own completed reply in a try of this
 * prompt; the reply already attached is kept as copied, even when its conversation is gone.
 */
export async function snapshotFor(
  deps: ReviewDeps,
  row: PromptDetailRow,
  userId: string,
  messageId: string | null | undefined,
  attached: string | null,
): Promise<repo.ReviewUse['snapshot']> {
  if (messageId === undefined || (messageId !== null && messageId === attached)) return undefined;
  if (messageId === null) {
    return { snapshot_message_id: null, snapshot_model: null, snapshot_output: null, snapshot_at: null };
  }
  const reply = await repo.findOwnReply(deps.db, row.id, userId, messageId);
  if (!reply) throw fieldError('snapshotMessageId', NOT_YOUR_RUN);
  const output = capped(reply.content);
  if (holdsPremiumText(row, output)) throw fieldError('snapshotMessageId', HOLDS_PROMPT);
  return {
    snapshot_message_id: reply.id,
    snapshot_model: modelName(deps, reply),
    snapshot_output: output,
    snapshot_at: reply.created_at,
  };
}

/** The signed-in user's own replies in tries of a published prompt that they may attach. */
export async function listReviewRuns(
  deps: ReviewDeps,
  idOrSlug: string,
  auth: AuthContext,
): Promise<ReviewRuns> {
  const row = await publishedPrompt(deps.db, idOrSlug, auth);
  const replies = await repo.listOwnReplies(deps.db, row.id, auth.userId, RUNS_LISTED);
  return {
    runs: replies
      .filter((r) => r.content.trim() !== '' && !holdsPremiumText(row, capped(r.content)))
      .map((r) => {
        const flat = r.content.replace(/\s+/g, ' ').trim();
        return {
          id: r.id,
          model: modelName(deps, r),
          createdAt: r.created_at,
          excerpt: flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat,
        };
      }),
  };
}
