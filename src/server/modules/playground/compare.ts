import type { z } from 'zod';
import type { CompareRequestSchema } from '../../../shared/playground';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import type { PlaygroundContext } from './deps';
import { type Turn, startTurn } from './turn';

/*
 * Compare side by side: one message to two or three models at once. Each column is a turn of its
 * own session (grouped by `compare_id`), so each takes a slot of the allowance only when its first
 * reply succeeds (product-decisions.md), and every other rule of a turn holds per column. Columns
 * start in order: when the allowance runs out part way, the later columns are refused and the
 * earlier ones answer. A compare can try a marketplace prompt: each new column is a try of its own
 * (a premium prompt's column takes one of its tries when its first reply succeeds, and its reply
 * goes through its own leak guard), the prompt's text added by the server as in any try.
 */

export type CompareInput = z.output<typeof CompareRequestSchema>;

export interface CompareColumn {
  model: string;
  turn: Turn | null;
  /** Why the column did not start (its own refusal: the allowance, the model, its session). */
  error: AppError | null;
}

export async function startCompare(deps: PlaygroundContext, auth: AuthContext, input: CompareInput) {
  const compareId = newId();
  const columns: CompareColumn[] = [];
  try {
    for (const c of input.columns) {
      const message = {
        message: input.message,
        model: c.model,
        // A column going on holds its session's settings and prompt; a new one starts from the compare's.
        ...(c.sessionId
          ? { sessionId: c.sessionId }
          : { settings: input.settings, promptId: input.promptId, variables: input.variables }),
      };
      try {
        const turn = await startTurn(deps, auth, { kind: 'message', input: message, compareId });
        columns.push({ model: c.model, turn, error: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        columns.push({ model: c.model, turn: null, error: err });
      }
    }
  } catch (err) {
    // A fault (not a refusal) part way: the columns already started are stopped, so they give back
    // what they took, and the compare fails as a whole.
    for (const c of columns) void c.turn?.run(() => {}, AbortSignal.abort());
    throw err;
  }
  const refused = columns.find((c) => c.error);
  if (refused && columns.every((c) => c.error)) throw refused.error;
  return { compareId, columns };
}
