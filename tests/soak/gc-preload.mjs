/*
 * Loaded into the server under soak only (NODE_OPTIONS=--import, see run.ts). Every
 * SOAK_GC_EVERY_MS (default 10 000) it runs a full collection and appends the process's memory right
 * after it to SOAK_MEMORY_LOG, one JSON line: `{"at": epoch ms, "rss": bytes, "heap": bytes}`.
 * A heap reading taken at a random moment shows where the collector is in its cycle: between major
 * collections V8 promotes young objects into the old generation, which looks like steady growth for
 * minutes and made a 3-minute run call warm-up a leak. After a full collection the heap is what is
 * retained. Forcing collections hides nothing: what is reachable stays.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const log = process.env.SOAK_MEMORY_LOG;
setInterval(
  () => {
    gc();
    const { rss, heapUsed } = process.memoryUsage();
    if (log) fs.appendFileSync(log, `${JSON.stringify({ at: Date.now(), rss, heap: heapUsed })}\n`);
  },
  Number(process.env.SOAK_GC_EVERY_MS || 10_000),
).unref();
