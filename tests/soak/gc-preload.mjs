/*
 * Loaded into the server under soak only (NODE_OPTIONS=--import, see run.ts). Every
 * SOAK_GC_EVERY_MS (default 10 000) it runs a full collection and appends the process's memory right
 * after it to SOAK_MEMORY_LOG, one JSON line: `{"at": epoch ms, "rss": bytes, "heap": bytes, ...}`, with
 * what makes up the RSS where Linux says (anonymous, file-backed and shared pages, from
 * /proc/self/status) and V8's external memory (Buffers and ArrayBuffers), to tell a JS leak from
 * native growth.
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
/** RssAnon, RssFile and RssShmem in bytes (Linux); nothing elsewhere. */
function rssParts() {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
    return { anon: kb('RssAnon'), file: kb('RssFile'), shmem: kb('RssShmem') };
  } catch {
    return {};
  }
}

setInterval(
  () => {
    gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    if (log) fs.appendFileSync(log, `${JSON.stringify({ at: Date.now(), rss, heap: heapUsed, heapTotal, external, ...rssParts() })}\n`);
  },
  Number(process.env.SOAK_GC_EVERY_MS || 10_000),
).unref();
