import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSharedDatabase } from '../resilience/cluster';
import { type ApiResult, call, type ServerHandle, startServer } from '../resilience/fault-server';
import { detectGrowth, type GrowthVerdict, type Sample } from './growth';

/*
 * `npm run test:soak`: SOAK_MINUTES (default 10) of mixed load at a steady rate (SOAK_RATE operations a
 * second, default 20) against one real server process in production mode, serving the built web app:
 * marketplace pages and search, prompt pages, sign-ins, likes, playground chats on the demo model,
 * and purchases through the test gateway. An operation is one thing a person does (a prompt page is
 * the HTML and its API call; a purchase is sign-up, order, payment and verification).
 *
 * Open loop: operations start on a fixed schedule whatever the server's speed, the way visitors
 * arrive. It passes when
 *   - no request failed: every answer is the status the flow expects (no 5xx, no 4xx, no cut or
 *     timed-out connection) and the server logged no error;
 *   - the rate held: no operation was dropped because SOAK_MAX_IN_FLIGHT were already waiting;
 *   - memory stopped growing: the server's RSS and V8 heap, read in the server process right after a
 *     full collection every 5 s (gc-preload.mjs), show no significant upward trend over the second
 *     half of the run (growth.ts).
 * Summary on stdout and in .tmp/results/soak.json (Vitest's report shape for CI's total: one check
 * each for errors, rate, heap and RSS). With TEST_DATABASE_URL it runs on a fresh PostgreSQL database.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MiB = 1024 * 1024;

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const rate = Number(process.env.SOAK_RATE ?? 20);
const maxInFlight = Number(process.env.SOAK_MAX_IN_FLIGHT ?? 256);
/** How often the server runs a full collection and logs its memory (gc-preload.mjs). */
const GC_EVERY_MS = 5000;
/**
 * Growth that matters, per minute: 1 MiB of heap (1.4 GiB a day) or 2 MiB of RSS. Below that a
 * trend is allocator and JIT noise that a 10-minute run cannot tell from a leak worth fixing.
 */
const HEAP_SLOPE_MIB_PER_MINUTE = 1;
const RSS_SLOPE_MIB_PER_MINUTE = 2;

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

/** Everything measured about the requests: counts, failures, latencies. */
class Tally {
  requests = 0;
  errors: string[] = [];
  errorCount = 0;
  latencies: number[] = [];
  byKind = new Map<string, number[]>();

  record(kind: string, ms: number) {
    this.requests++;
    this.latencies.push(ms);
    const list = this.byKind.get(kind) ?? [];
    list.push(ms);
    this.byKind.set(kind, list);
  }

  fail(message: string) {
    this.errorCount++;
    // The first few are kept word for word; the rest are counted.
    if (this.errors.length < 20) this.errors.push(message);
  }

  percentile(p: number, values = this.latencies): number {
    if (values.length === 0) return 0;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

/** The soak's clients: what they know about the server's data and their own accounts. */
interface World {
  base: string;
  tally: Tally;
  promptIds: string[];
  premiumPromptIds: string[];
  planIds: string[];
  words: string[];
  /** Accounts that sign in (password known) and like prompts. */
  members: { email: string; password: string; token: string; likes: Map<string, boolean>; busy: boolean }[];
  /** Accounts that chat; each keeps one conversation going, then starts another. */
  chatters: Chatter[];
  seq: number;
  /** Operations that could not start because the server had not finished the earlier ones. */
  dropped: number;
}

interface Chatter {
  token: string;
  busy: boolean;
  sessionId: string | null;
  messagesInSession: number;
  sessionsUsed: number;
}

/** Messages per conversation before a chatter starts a new one. */
const MESSAGES_PER_SESSION = 6;
/** Conversations a free account may start a month (LIMITS.freeSessionsPerMonth). */
const SESSIONS_PER_ACCOUNT = 10;
const PASSWORD = 'soak-pass-9f3k2';
/** Accounts that chat, made before the clock starts (a chat at a time each). */
const CHATTERS = 40;

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One API call, timed and checked: the answer must have the expected status. */
async function api(
  w: World,
  kind: string,
  method: string,
  url: string,
  expected: number,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiResult['body']['data'] | null> {
  const started = performance.now();
  const res = await call(w.base, method, url, options);
  w.tally.record(kind, performance.now() - started);
  if (res.status !== expected) {
    w.tally.fail(
      res.status === 0
        ? `${method} /api${url}: no answer (connection failed or timed out)`
        : `${method} /api${url}: ${res.status} ${res.body.code ?? ''} ${res.body.message ?? ''}`.trim(),
    );
    return null;
  }
  return res.body.data ?? {};
}

/** A raw request (a page, or a chat read as server-sent events), timed and checked. */
async function raw(
  w: World,
  kind: string,
  url: string,
  init: RequestInit,
  check: (status: number, body: string) => string | null,
): Promise<string | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${w.base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = await res.text();
    w.tally.record(kind, performance.now() - started);
    const problem = check(res.status, body);
    if (problem) {
      w.tally.fail(`${init.method ?? 'GET'} ${url}: ${problem}`);
      return null;
    }
    return body;
  } catch (err) {
    w.tally.record(kind, performance.now() - started);
    w.tally.fail(`${init.method ?? 'GET'} ${url}: no answer (${(err as Error).message})`);
    return null;
  }
}

async function signUp(w: World, kind: string) {
  const n = w.seq++;
  const email = `soak-${process.pid}-${n}@example.test`;
  const data = await api(w, kind, 'POST', '/auth/register', 201, {
    body: { name: `Soak User ${n}`, email, password: PASSWORD },
  });
  return data ? { email, token: data.token as string } : null;
}

/** The operations, with how often each is picked (weights out of 100). */
const operations: { name: string; weight: number; run: (w: World) => Promise<void> }[] = [
  {
    name: 'browse',
    weight: 24,
    run: async (w) => {
      const sort = pick(['latest', 'popular', 'rating', 'trending', 'price_low']);
      const type = pick(['', '&type=free', '&type=premium']);
      await api(
        w,
        'browse',
        'GET',
        `/marketplace/prompts?page=${1 + Math.floor(Math.random() * 3)}&sort=${sort}${type}`,
        200,
      );
    },
  },
  {
    name: 'search',
    weight: 16,
    run: async (w) => {
      const query = encodeURIComponent(`${pick(w.words)}${Math.random() < 0.3 ? ` ${pick(w.words)}` : ''}`);
      await api(w, 'search', 'GET', `/marketplace/prompts?search=${query}`, 200);
    },
  },
  {
    name: 'prompt page',
    weight: 20,
    run: async (w) => {
      const id = pick(w.promptIds);
      await raw(w, 'page', `/marketplace/${id}`, {}, (status, body) =>
        status !== 200 ? `status ${status}` : body.includes('<div id="root">') ? null : 'not the app',
      );
      await api(w, 'prompt', 'GET', `/marketplace/prompts/${id}`, 200);
    },
  },
  {
    name: 'sign-in',
    weight: 6,
    run: async (w) => {
      const member = pick(w.members);
      const data = await api(w, 'sign-in', 'POST', '/auth/login', 200, {
        body: { email: member.email, password: member.password },
      });
      if (!data) return;
      const token = data.token as string;
      await api(w, 'me', 'GET', '/auth/me', 200, { token });
      // Half the visitors sign out again; the others keep the new session.
      if (Math.random() < 0.5) await api(w, 'sign-out', 'POST', '/auth/logout', 200, { token });
    },
  },
  {
    name: 'like',
    weight: 14,
    run: async (w) => {
      const member = pick(w.members.filter((m) => !m.busy));
      if (!member) return;
      member.busy = true;
      try {
        const id = pick(w.promptIds);
        const liked = !member.likes.get(id);
        const data = await api(w, 'like', 'POST', `/marketplace/prompts/${id}/like`, 200, {
          token: member.token,
          body: { liked },
        });
        if (data) member.likes.set(id, liked);
      } finally {
        member.busy = false;
      }
    },
  },
  {
    name: 'chat',
    weight: 14,
    run: async (w) => {
      const left = w.chatters.filter((c) => c.sessionsUsed < SESSIONS_PER_ACCOUNT);
      let chatter = left.find((c) => !c.busy);
      if (!chatter && left.length > 0) {
        // Every chatter is still waiting for a reply: the server is not keeping up.
        w.dropped++;
        return;
      }
      if (!chatter) {
        // Every chatter has used this month's conversations: a new visitor signs up.
        const account = await signUp(w, 'sign-up');
        if (!account) return;
        chatter = {
          token: account.token,
          busy: false,
          sessionId: null,
          messagesInSession: 0,
          sessionsUsed: 0,
        };
        w.chatters.push(chatter);
      }
      const c = chatter;
      c.busy = true;
      try {
        const body = JSON.stringify({
          message: `Soak message ${w.seq++}: ${pick(w.words)} ${pick(w.words)}`,
          model: 'claude',
          ...(c.sessionId ? { sessionId: c.sessionId } : {}),
        });
        let sessionId: string | null = null;
        if (Math.random() < 0.7) {
          // As the browser does: server-sent events, read to the end.
          const text = await raw(
            w,
            'chat',
            '/api/playground/chat',
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${c.token}`,
                'content-type': 'application/json',
                accept: 'text/event-stream',
              },
              body,
            },
            (status, text) =>
              status !== 200
                ? `status ${status} ${text.slice(0, 200)}`
                : text.includes('event: error')
                  ? `error event ${text.slice(text.indexOf('event: error'), text.indexOf('event: error') + 200)}`
                  : text.includes('event: done')
                    ? null
                    : 'the stream ended without its done event',
          );
          const match = text ? /"sessionId":"([^"]+)"/.exec(text) : null;
          sessionId = match?.[1] ?? null;
        } else {
          const data = await api(w, 'chat', 'POST', '/playground/chat', 200, {
            token: c.token,
            body: JSON.parse(body),
          });
          sessionId = (data?.sessionId as string | undefined) ?? null;
        }
        if (!sessionId) {
          // The failure is counted; this visitor leaves. Its conversations are no longer known for
          // sure (a first message the client gave up on may still have opened one on the server),
          // and guessing would turn one failure into a stream of allowance refusals.
          c.sessionsUsed = SESSIONS_PER_ACCOUNT;
          return;
        }
        if (!c.sessionId) c.sessionsUsed++;
        c.sessionId = sessionId;
        c.messagesInSession++;
        if (c.messagesInSession >= MESSAGES_PER_SESSION) {
          c.sessionId = null;
          c.messagesInSession = 0;
        }
      } finally {
        c.busy = false;
      }
    },
  },
  {
    name: 'purchase',
    weight: 6,
    run: async (w) => {
      const account = await signUp(w, 'sign-up');
      if (!account) return;
      const plan = Math.random() < 0.3;
      const order = await api(w, 'order', 'POST', '/payments/create-order', 200, {
        token: account.token,
        body: plan ? { planId: pick(w.planIds), billing: 'monthly' } : { promptId: pick(w.premiumPromptIds) },
      });
      if (!order) return;
      const signed = await api(w, 'pay', 'POST', '/payments/test-gateway/pay', 200, {
        token: account.token,
        body: { orderId: order.orderId, outcome: 'succeed' },
      });
      if (!signed) return;
      await api(w, 'verify', 'POST', '/payments/verify', 200, { token: account.token, body: signed });
    },
  },
];

function chooseOperation() {
  let r = Math.random() * operations.reduce((sum, o) => sum + o.weight, 0);
  for (const o of operations) {
    r -= o.weight;
    if (r < 0) return o;
  }
  return operations[operations.length - 1]!;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; 0 elsewhere). */
function cpuTime(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces) are space-separated; utime and stime
    // are the 14th and 15th fields of the line, in clock ticks of 1/100 s on Linux.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The server's memory after each forced full collection since `since` (epoch ms), from gc-preload.mjs. */
function readMemoryLog(file: string, since: number): { rss: Sample[]; heap: Sample[] } {
  const out: { rss: Sample[]; heap: Sample[] } = { rss: [], heap: [] };
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const m = JSON.parse(line) as { at: number; rss: number; heap: number };
    if (m.at < since) continue;
    const t = (m.at - since) / 1000;
    out.rss.push({ t, value: m.rss });
    out.heap.push({ t, value: m.heap });
  }
  return out;
}

/** What the load needs to know: prompts, premium prompts, plans, search words; and its accounts. */
async function prepare(base: string, tally: Tally): Promise<World> {
  const w: World = {
    base,
    tally,
    promptIds: [],
    premiumPromptIds: [],
    planIds: [],
    words: [],
    members: [],
    chatters: [],
    seq: 0,
    dropped: 0,
  };
  for (let page = 1; page <= 3; page++) {
    const res = await call(base, 'GET', `/marketplace/prompts?page=${page}&limit=50`);
    const prompts = (res.body.data?.prompts ?? []) as {
      id: string;
      title: string;
      type: string;
      price?: number;
    }[];
    for (const p of prompts) {
      w.promptIds.push(p.id);
      if (p.type === 'premium') w.premiumPromptIds.push(p.id);
      w.words.push(
        ...p.title
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((word) => word.length > 3),
      );
    }
  }
  const plans = (await call(base, 'GET', '/payments/plans')).body.data?.plans as
    { id: string; slug: string }[] | undefined;
  w.planIds = (plans ?? []).filter((p) => p.slug !== 'free').map((p) => p.id);
  w.words = [...new Set(w.words)];
  if (!w.promptIds.length || !w.premiumPromptIds.length || !w.planIds.length || !w.words.length) {
    throw new Error('the demo data has no prompts, premium prompts or paid plans to load the server with');
  }
  // Accounts made before the clock starts (not counted in the load).
  const setup = new Tally();
  const setupWorld = { ...w, tally: setup };
  for (let i = 0; i < 20; i++) {
    const account = await signUp(setupWorld, 'setup');
    if (account) w.members.push({ ...account, password: PASSWORD, likes: new Map(), busy: false });
  }
  for (let i = 0; i < CHATTERS; i++) {
    const account = await signUp(setupWorld, 'setup');
    if (account)
      w.chatters.push({
        token: account.token,
        busy: false,
        sessionId: null,
        messagesInSession: 0,
        sessionsUsed: 0,
      });
  }
  w.seq = setupWorld.seq;
  if (setup.errorCount) throw new Error(`could not create the soak's accounts: ${setup.errors.join('; ')}`);
  return w;
}

export interface SoakSummary {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  checks: Check[];
  engine: string;
  minutes: number;
  targetRate: number;
  achievedRate: number;
  operations: number;
  dropped: number;
  /** CPU time the server process used during the load (user + system), and per request. */
  serverCpuSeconds: number;
  serverCpuMsPerRequest: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  firstErrors: string[];
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Requests of each kind: how many, and their p50 and p99 in ms. */
  byKind: Record<string, { count: number; p50: number; p99: number }>;
  memory: {
    samples: number;
    rssMiB: { start: number; end: number; max: number };
    heapMiB: { start: number; end: number; max: number };
    rss: { slopeMiBPerMinute: number; pValue: number; growing: boolean; enough: boolean };
    heap: { slopeMiBPerMinute: number; pValue: number; growing: boolean; enough: boolean };
    /** Every reading: seconds since the load started, MiB after a full collection. */
    series: { t: number; rssMiB: number; heapMiB: number }[];
  };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function verdictSummary(v: GrowthVerdict) {
  return {
    slopeMiBPerMinute: round(v.slopePerMinute / MiB, 2),
    pValue: round(v.pValue, 4),
    growing: v.growing,
    enough: v.enough,
  };
}

async function main() {
  const resultFile = path.join(root, '.tmp/results/soak.json');
  /** A soak that could not run is reported as a failure, never as nothing. */
  const notRun = (problem: string, code: number): never => {
    console.error(`Soak: could not run: ${problem}`);
    fs.mkdirSync(path.dirname(resultFile), { recursive: true });
    fs.writeFileSync(
      resultFile,
      JSON.stringify({ success: false, numPassedTests: 0, numFailedTests: 1, problem }, null, 2),
    );
    process.exit(code);
  };
  if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    notRun('no built web app in dist/web: run `npm run build` first.', 2);
  }
  const database = await createSharedDatabase(process.env.TEST_DATABASE_URL);
  let server: ServerHandle | null = null;
  let summary: SoakSummary | null = null;
  let problem = 'unknown';
  try {
    console.log(`Soak: starting the server (production mode, ${database.engine})...`);
    const memoryLog = path.join(database.dataDir, 'memory.jsonl');
    server = await startServer({
      databaseUrl: database.url,
      dataDir: database.dataDir,
      env: {
        NODE_ENV: 'production',
        PAYMENTS_TEST_MODE: 'true',
        // The demo model answers at its usual pace, as a visitor sees it.
        DEMO_MODEL_DELAY_MS: '12',
        NODE_OPTIONS: `--import ${path.join(root, 'tests/soak/gc-preload.mjs')}`,
        SOAK_MEMORY_LOG: memoryLog,
        SOAK_GC_EVERY_MS: String(GC_EVERY_MS),
        PUBLIC_URL: 'http://127.0.0.1',
        // No mail leaves a test run: production requires a transport, and this is the log.
        MAIL_TRANSPORT: 'log',
      },
    });
    // Stopped by hand (Ctrl-C, a CI timeout): take the server down with the run.
    const child = server.child;
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        child.kill('SIGKILL');
        process.exit(130);
      });
    const tally = new Tally();
    const w = await prepare(server.base, tally);

    const durationMs = minutes * 60_000;
    const interval = 1000 / rate;
    let inFlight = 0;
    let started = 0;
    const pending = new Set<Promise<void>>();
    const cpuAtStart = cpuTime(server.child.pid);
    const t0 = performance.now();
    const t0Epoch = Date.now();

    console.log(
      `Soak: ${minutes} min at ${rate} operations/s (${operations.map((o) => `${o.name} ${o.weight}%`).join(', ')})`,
    );
    let lastReport = t0;
    for (let i = 0; ; i++) {
      const due = t0 + i * interval;
      if (due - t0 >= durationMs) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (inFlight >= maxInFlight) {
        w.dropped++;
        continue;
      }
      inFlight++;
      started++;
      const op = chooseOperation();
      const p: Promise<void> = op
        .run(w)
        .catch((err: unknown) => tally.fail(`${op.name}: ${(err as Error).message}`))
        .finally(() => {
          inFlight--;
          pending.delete(p);
        });
      pending.add(p);
      if (performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        const now = readMemoryLog(memoryLog, t0Epoch);
        const heap = now.heap.at(-1)?.value ?? 0;
        const rss = now.rss.at(-1)?.value ?? 0;
        console.log(
          `  ${round((lastReport - t0) / 60_000)} min: ${tally.requests} requests, ${tally.errorCount} errors, in flight ${inFlight}, RSS ${round(rss / MiB)} MiB, heap ${round(heap / MiB)} MiB`,
        );
      }
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - t0) / 1000;
    const cpuSeconds = cpuTime(server.child.pid) - cpuAtStart;
    const memory = readMemoryLog(memoryLog, t0Epoch);

    const serverErrors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    for (const line of serverErrors.slice(0, 5)) tally.fail(`server logged an error: ${line.slice(0, 300)}`);
    if (serverErrors.length > 5) tally.errorCount += serverErrors.length - 5;

    const heapVerdict = detectGrowth(memory.heap, { minSlopePerMinute: HEAP_SLOPE_MIB_PER_MINUTE * MiB });
    const rssVerdict = detectGrowth(memory.rss, { minSlopePerMinute: RSS_SLOPE_MIB_PER_MINUTE * MiB });
    const memCheck = (name: string, v: GrowthVerdict, limit: number): Check => ({
      name,
      passed: v.enough && !v.growing,
      detail: !v.enough
        ? 'too few memory samples to judge'
        : `${round(v.slopePerMinute / MiB, 2)} MiB/min over the second half (p=${round(v.pValue, 4)}), ending at ${round((v.floors.at(-1)?.value ?? 0) / MiB)} MiB against ${round(v.earlierHigh / MiB)} MiB held in the first half; growing means p<0.01, over ${limit} MiB/min and above the first half`,
    });
    const checks: Check[] = [
      {
        name: 'no errors',
        passed: tally.errorCount === 0,
        detail: `${tally.errorCount} failed of ${tally.requests} requests`,
      },
      {
        name: 'steady rate',
        passed: w.dropped === 0,
        detail: `${w.dropped} operations dropped (${maxInFlight} in flight, or no chatter free)`,
      },
      memCheck('heap stops growing', heapVerdict, HEAP_SLOPE_MIB_PER_MINUTE),
      memCheck('RSS stops growing', rssVerdict, RSS_SLOPE_MIB_PER_MINUTE),
    ];
    const mib = (s: Sample[]) => ({
      start: round((s[0]?.value ?? 0) / MiB),
      end: round((s.at(-1)?.value ?? 0) / MiB),
      max: round(Math.max(0, ...s.map((x) => x.value)) / MiB),
    });
    const passed = checks.filter((c) => c.passed).length;
    summary = {
      success: passed === checks.length,
      numPassedTests: passed,
      numFailedTests: checks.length - passed,
      checks,
      engine: database.engine,
      minutes,
      targetRate: rate,
      achievedRate: round(started / elapsed),
      operations: started,
      dropped: w.dropped,
      serverCpuSeconds: round(cpuSeconds),
      serverCpuMsPerRequest: round((cpuSeconds * 1000) / Math.max(1, tally.requests), 2),
      requests: tally.requests,
      requestsPerSecond: round(tally.requests / elapsed),
      errors: tally.errorCount,
      firstErrors: tally.errors,
      latencyMs: {
        p50: round(tally.percentile(50)),
        p90: round(tally.percentile(90)),
        p99: round(tally.percentile(99)),
        max: round(tally.percentile(100)),
      },
      byKind: Object.fromEntries(
        [...tally.byKind]
          .sort((a, b) => b[1].length - a[1].length)
          .map(([kind, list]) => [
            kind,
            {
              count: list.length,
              p50: round(tally.percentile(50, list)),
              p99: round(tally.percentile(99, list)),
            },
          ]),
      ),
      memory: {
        samples: memory.heap.length,
        rssMiB: mib(memory.rss),
        heapMiB: mib(memory.heap),
        rss: verdictSummary(rssVerdict),
        heap: verdictSummary(heapVerdict),
        series: memory.heap.map((h, i) => ({
          t: round(h.t),
          rssMiB: round(memory.rss[i]!.value / MiB, 2),
          heapMiB: round(h.value / MiB, 2),
        })),
      },
    };
  } catch (err) {
    problem = (err as Error).message;
    if (server) console.error(server.output().slice(-3000));
  } finally {
    await server?.stop();
    // The memory samples, with what makes up the RSS, kept beside the summary for a closer look.
    const memoryLog = path.join(database.dataDir, 'memory.jsonl');
    fs.mkdirSync(path.dirname(resultFile), { recursive: true });
    if (fs.existsSync(memoryLog)) fs.copyFileSync(memoryLog, resultFile.replace(/\.json$/, '-memory.jsonl'));
    await database.drop();
  }

  if (!summary) return notRun(problem, 1);
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(resultFile, JSON.stringify(summary, null, 2));
  const s = summary;
  console.log(`
Soak summary (${s.engine}, ${s.minutes} min)
  rate        ${s.achievedRate} operations/s (target ${s.targetRate}), ${s.operations} operations, ${s.dropped} dropped
  server CPU  ${s.serverCpuSeconds} s (${s.serverCpuMsPerRequest} ms a request)
  requests    ${s.requests} (${s.requestsPerSecond}/s), ${s.errors} errors
  latency     p50 ${s.latencyMs.p50} ms, p90 ${s.latencyMs.p90} ms, p99 ${s.latencyMs.p99} ms, max ${s.latencyMs.max} ms
  RSS         ${s.memory.rssMiB.start} -> ${s.memory.rssMiB.end} MiB (max ${s.memory.rssMiB.max}), second half ${s.memory.rss.slopeMiBPerMinute} MiB/min (p=${s.memory.rss.pValue})
  heap        ${s.memory.heapMiB.start} -> ${s.memory.heapMiB.end} MiB (max ${s.memory.heapMiB.max}), second half ${s.memory.heap.slopeMiBPerMinute} MiB/min (p=${s.memory.heap.pValue})
  by kind (count, p50/p99 ms): ${Object.entries(s.byKind)
    .map(([k, v]) => `${k} ${v.count} (${v.p50}/${v.p99})`)
    .join(', ')}`);
  for (const c of s.checks) console.log(`  ${c.passed ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  for (const e of s.firstErrors) console.log(`    ${e}`);
  console.log(`Written to ${path.relative(root, resultFile)}`);
  process.exit(s.success ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
