import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/*
 * SQLite's WAL checkpoints off the event loop (decision 026). By default the connection whose
 * commit takes the WAL past 1 000 pages copies them into the database file and syncs it, inside
 * that COMMIT: on the app's one connection, 15-22 ms in which no request was served, about once a
 * second under the mixed workload's fifty likes a second. So the app's connection does not
 * checkpoint at that size; a thread of its own, with its own connection and at a lower priority (as
 * password hashing's, decision 021), runs a PASSIVE checkpoint (it never waits for, nor blocks,
 * readers and writers) every CHECK_MS (every 250 ms cost a commit's p99 0.3 ms more, for nothing:
 * bench/wal-checkpoints.ts). The app's connection still checkpoints past
 * FALLBACK_PAGES, so the WAL stays bounded if that thread stops or starves.
 */
const CHECK_MS = 1000;
const CHECKPOINT_THREAD_NICE = 10;
/** The app's own checkpoints, a safety net: 64 MB of WAL at 4 KB pages. */
const FALLBACK_PAGES = 16_384;
/** SQLite's default, restored when the thread cannot run. */
const DEFAULT_PAGES = 1000;

// Plain JavaScript, so that the worker starts the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  // This thread only: on Linux a thread's id names it to setpriority.
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
let failing = false;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failing = false;
  } catch (err) {
    // SQLITE_BUSY (another checkpoint under way): the next tick tries again. Anything else (a full
    // disk, an I/O error) is reported once until a checkpoint succeeds again, and tried again too.
    if (String(err && err.code).startsWith('SQLITE_BUSY') || failing) return;
    failing = true;
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts checkpointing `file`'s WAL on a background thread for the app's connection `handle`;
 * `stop` ends the thread and closes its connection (before the app's connection closes, so that
 * the last close checkpoints the rest and removes the WAL as usual).
 */
export function checkpointInBackground(
  handle: SQLite.Database,
  file: string,
  {
    everyMs = CHECK_MS,
    onError = (err) => process.emitWarning(`WAL checkpoint thread: ${err.message}`),
  }: { everyMs?: number; onError?: (err: Error) => void } = {},
): { stop(): Promise<void> } {
  let worker: Worker;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // None of the process's flags (--input-type=module would make this source a module).
      execArgv: [],
      workerData: { driver, file, everyMs, nice: CHECKPOINT_THREAD_NICE },
    });
  } catch (err) {
    // Checkpoints stay in the app's commits, as SQLite does by default.
    onError(err as Error);
    return { stop: async () => {} };
  }
  handle.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  worker.unref();
  let running = true;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (m: { error?: string }) => {
    if (m.error !== undefined) onError(new Error(m.error));
  });
  worker.on('error', (err) => {
    running = false;
    // The app's connection checkpoints as SQLite does by default again.
    if (handle.open) handle.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    onError(err);
  });
  return {
    async stop() {
      // Referenced until it has exited: a process whose last work is closing the database would
      // otherwise end here, before the app's connection closes.
      worker.ref();
      if (running) worker.postMessage('stop');
      running = false;
      await exited;
    },
  };
}
