import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { todayUtc } from '../../lib/time';
import * as repo from './engagement-repository';

/*
 * Anonymous prompt-page views are counted in batches (decision 010): a view is noted in memory and written
 * with the others of the last second in one transaction. A page view is then no write of its own,
 * and no cache-busting one: a flush notes its prompts in the search feed once, and only the cached
 * answers showing them are built again (decision 030). The figure shown lags by about a second;
 * once per viewer per day still holds (the database's unique row decides, so several app
 * instances cannot count one viewer twice).
 */

const FLUSH_MS = 1000;
/** Flush at once past this many pending views (a burst must not grow memory without bound). */
const MAX_PENDING = 5000;

export function createViewCounter(db: Kysely<DB>, onError: (err: unknown) => void, flushMs = FLUSH_MS) {
  let pending = new Map<string, { promptId: string; viewerKey: string; day: string }>();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function write(batch: typeof pending) {
    if (batch.size === 0) return;
    await db.transaction().execute(async (trx) => {
      const counted = new Map<string, number>();
      for (const v of batch.values()) {
        if (await repo.insertView(trx, v.promptId, v.viewerKey, v.day)) {
          counted.set(v.promptId, (counted.get(v.promptId) ?? 0) + 1);
        }
      }
      for (const [promptId, n] of counted) await repo.addViews(trx, promptId, n);
    });
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    // One flush at a time; views noted meanwhile wait for the next one.
    const previous = running ?? Promise.resolve();
    const batch = pending;
    pending = new Map();
    const next = previous
      .then(() => write(batch))
      .catch((err: unknown) => {
        // The batch is lost rather than retried forever: a view is worth less than an error loop.
        onError(err);
      })
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  }

  return {
    /** Notes one view of a published prompt; written within about a second. */
    record(promptId: string, viewerKey: string) {
      const day = todayUtc();
      pending.set(`${promptId}\u0000${viewerKey}\u0000${day}`, { promptId, viewerKey, day });
      if (pending.size >= MAX_PENDING) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    /** Writes every pending view (also on shutdown). */
    flush,
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
