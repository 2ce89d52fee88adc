import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** OWASP's argon2id baseline: m=19 MiB, t=2, p=1. */
const OPTIONS = {
  // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/*
 * A hash costs about 40 ms of CPU. Run on libuv's pool at the event loop's priority, each sign-in
 * took a share of the app's core from every other request while it ran (the mixed workload's p99
 * doubled, decision 021). So hashing runs on its own threads at a lower scheduling priority (nice
 * 10 on Linux): it uses the time the event loop leaves, and yields when requests are waiting. A
 * sign-in under full load therefore waits longer; the requests around it do not.
 */
const HASH_THREAD_NICE = 10;
const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));

// Plain JavaScript, so that the worker starts the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  // This thread only: on Linux a thread's id names it to setpriority.
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, a, b, options }) => {
  try {
    const result = op === 'hash' ? argon2.hashSync(a, options) : argon2.verifySync(a, b);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}
interface HashThread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const threads: HashThread[] = [];
let nextId = 0;

function startThread(): HashThread {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2, nice: HASH_THREAD_NICE } });
  const thread: HashThread = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (m: { id: number; result?: string | boolean; error?: string }) => {
    const job = thread.pending.get(m.id);
    if (!job) return;
    thread.pending.delete(m.id);
    if (thread.pending.size === 0) worker.unref();
    if (m.error !== undefined) job.reject(new Error(m.error));
    else job.resolve(m.result!);
  });
  // A thread that dies (out of memory, say) fails its jobs; the next job starts a new one.
  const fail = (err: Error) => {
    threads.splice(threads.indexOf(thread), 1);
    for (const job of thread.pending.values()) job.reject(err);
    thread.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (threads.includes(thread)) fail(new Error(`password hashing thread exited (${code})`));
  });
  threads.push(thread);
  return thread;
}

function run(op: 'hash', a: string): Promise<string>;
function run(op: 'verify', a: string, b: string): Promise<boolean>;
function run(op: 'hash' | 'verify', a: string, b?: string): Promise<string | boolean> {
  // The least busy thread, or a new one while there are fewer than THREADS.
  let thread = threads[0];
  for (const t of threads) if (t.pending.size < thread!.pending.size) thread = t;
  if (!thread || (thread.pending.size > 0 && threads.length < THREADS)) thread = startThread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ id, op, a, b, options: OPTIONS });
  });
}

export function hashPassword(password: string): Promise<string> {
  return run('hash', password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await run('verify', passwordHash, password);
  } catch {
    return false;
  }
}
