import fs from 'node:fs';
import os from 'node:os';

/*
 * The event loop first (decision 022). Besides the event loop's thread, a Node process runs helper
 * threads started before any of our code: V8's (concurrent marking and sweeping, the optimizing
 * compiler), libuv's pool and the module loader's. At the same priority as the event loop they
 * take an equal share of a core they share with it: with the app on one core, each major
 * collection's concurrent marking left the event loop a fifth of the core, and requests waited in
 * the socket for 40-60 ms, two or three times in a row, every couple of seconds (the mixed
 * workload's p99 was 63-77 ms while the server itself answered in 4.5 ms at p99).
 *
 * So at start every thread of the process but the event loop's is lowered to nice 10 (as password
 * hashing is): it runs in the time the event loop leaves, and with a core to spare it runs as
 * before. Threads started later (hashing's) set their own priority. Linux only: elsewhere a thread
 * id does not name a thread to setpriority, and nothing changes.
 */
const HELPER_THREAD_NICE = 10;

/** Lowers the priority of this process's other threads; returns how many were lowered. */
export function lowerHelperThreadPriority(): number {
  if (process.platform !== 'linux') return 0;
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    const id = Number(tid);
    // The main thread's id is the process id.
    if (id === process.pid) continue;
    try {
      os.setPriority(id, HELPER_THREAD_NICE);
      lowered++;
    } catch {
      // a thread that has just ended
    }
  }
  return lowered;
}
