import { type ChildProcess, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type RecordedResponse, answerKey } from './recorded';
import { Rng } from '../src/server/db/seed/prng';
import { type Measure, type PacedRequest, type Req, pacedLoad } from './paced';
import { PACED_REPLY_MS } from './paced-reply';
import { PIN, cpuMs, pinLoadGenerator, premiumSubscriber, startProcess } from './processes';

/*
 * `npm run bench`: Promptforge's hot paths on a database of 100 000 prompts and 10 000 users,
 * measured against a bare node:http server answering the same bytes in the same run (the machine is
 * shared and noisy, so the ratio to that ceiling is the figure that travels). The app and the bare
 * server run pinned to one core (taskset), the load generator on the other.
 *
 *   npm run bench -- [--db sqlite|postgres] [--duration 10] [--warmup 5] [--mixed-duration 60] [--rate 1000]
 *                    [--connections 64] [--prompts 100000] [--only <scenario ids or name parts, comma-separated>] [--fresh]
 *                    [--streams 1,50] (the concurrencies of scenario 7)
 *                    [--stream-turns 24] (turns each of the fifty streams measures, after its first)
 *                    [--trace <file>] (the mixed workload's paced runs, request by request)
 *
 * Scenarios (issue 9): 1 marketplace page of 50; 2 category + type + rating sort; 3 full-text search
 * (common and rare words, prefixes), and 3b the same searches compressed, as a browser asks for them
 * (reported only: the budget is for 3); 4 a prompt page; 5 GET /api/auth/me with a token, and the cost
 * of authentication (the same public call with and without a token); 6 the SPA's index.html and a
 * hashed asset; 7 playground time to first token (1 and 50 streams); 8 a mixed workload at a fixed
 * rate with sign-ins and likes. Each HTTP scenario runs autocannon for --duration seconds against the
 * app, then against the bare server, with the same requests and connections (a scenario's requests
 * taken in turn across the connections, see load()). The mixed workload is sent evenly paced
 * (paced.ts), then by autocannon's rate, which sends in bursts (8b, reported only).
 *
 * --trace <file> writes the mixed workload's paced runs request by request (server, due time and
 * latency in ms, kind; each run's start as a wall-clock time first), to see when in the run its
 * tail happens and line it up with the app's own logs.
 *
 * BENCH_PG_DATABASE names the PostgreSQL database (default promptforge_bench_<prompts>), so two
 * checkouts running `--db postgres` side by side do not drop each other's.
 *
 * BENCH_APP_NODE_ARGS adds Node flags to the app's process only, e.g. to profile it:
 *   BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=.tmp/prof' npm run bench -- --only 7
 *
 * The app's warnings and errors go to .tmp/bench/app-<engine>.log.
 *
 * Budgets are printed ok/OVER; the process exits 1 when any is over. Results go to
 * bench/results/latest.json (and latest-<db>.json, which a PostgreSQL run compares with).
 */

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    'mixed-duration': { type: 'string', default: '60' },
    rate: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '64' },
    prompts: { type: 'string', default: '100000' },
    users: { type: 'string' },
    only: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    streams: { type: 'string', default: '1,50' },
    'stream-turns': { type: 'string', default: '24' },
    trace: { type: 'string' },
  },
});

const engine = args.db === 'postgres' || args.db === 'pg' ? 'postgres' : 'sqlite';
if (!['sqlite', 'postgres', 'pg'].includes(args.db!)) throw new Error(`--db must be sqlite or postgres`);
const PROMPTS = Number(args.prompts!.replace(/_/g, ''));
const USERS = args.users ? Number(args.users) : Math.max(10, Math.floor(PROMPTS / 10));
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const STREAM_TURNS = Number(args['stream-turns']);
if (!Number.isInteger(STREAM_TURNS) || STREAM_TURNS < 1)
  throw new Error('--stream-turns must be a whole number, 1 or more');
const root = path.resolve('.tmp/bench');
const dataDir = path.join(root, `data-${PROMPTS}`);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = process.env.BENCH_PG_DATABASE ?? `promptforge_bench_${PROMPTS}`;
const pgUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${pgDatabase}`);
const resultsDir = path.resolve('bench/results');
// BENCH_PORT moves the four ports, so two checkouts can run benchmarks side by side.
const APP_PORT = Number(process.env.BENCH_PORT ?? 4601);
const BARE_PORT = APP_PORT + 1;
const FAKE_PORT = APP_PORT + 2;
const FAKE_CONTROL_PORT = APP_PORT + 3;
const FLOOR_PORT = APP_PORT + 4;
/**
 * Time Promptforge adds to the first token beyond the floor (the same official adapter behind a bare
 * server, same run), by concurrency (issue 52): no person can tell these apart from the provider's own.
 */
const TTFT_BUDGET: Record<number, { p50: number; p99: number }> = {
  1: { p50: 3, p99: 15 },
  50: { p50: 10, p99: 50 },
};
const BUDGET = {
  reads: { ratio: 0.7, p99: 25 },
  // Issue 53's budget for search in a database engine (decision 044): searches a second on the
  // app's one core, and p99.
  search: { rps: 400, p99: 150 },
  authAddedMs: 0.2,
  mixed: { p99: 50 },
  postgresFactor: 2,
};
// One core for the app (and the bare server, measured after it), the other for the load generator
// (this process: autocannon and the paced sender run in it), as the issue asks. (Measured: pinning it
// did not change the mixed workload's p99, see docs/performance.md.)
pinLoadGenerator();

function log(line: string) {
  process.stdout.write(`${line}\n`);
}
const ms = (n: number) => n.toFixed(2).padStart(7);

interface HttpScenario {
  id: string;
  name: string;
  requests: Req[];
  /** Which budget applies (a twin or an extra is reported only, and not part of the mix). */
  kind: 'read' | 'search' | 'auth' | 'twin' | 'extra' | 'static';
}
interface Row {
  id: string;
  name: string;
  bytes: number;
  app: Measure;
  bare: Measure;
  ratio: number;
  /** CPU time per request (µs) of the app and of the bare server, and bare / app. */
  cpu?: { app: number; bare: number; ratio: number };
  verdict: 'ok' | 'OVER' | '-';
  notes?: string;
}

const key = (r: Req) => answerKey(r.method, r.path, r.headers?.['accept-encoding']);
const GET = (p: string, headers?: Record<string, string>): Req => ({ method: 'GET', path: p, headers });
const POST = (p: string, body: unknown, headers?: Record<string, string>): Req => ({
  method: 'POST',
  path: p,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function ensureDatabase() {
  const seed = (env: NodeJS.ProcessEnv) => {
    log(`Seeding ${PROMPTS} prompts and ${USERS} users (${engine})...`);
    const result = spawnSync(
      'npx',
      ['tsx', 'src/server/db/seed/cli.ts', '--prompts', String(PROMPTS), '--users', String(USERS)],
      { stdio: 'inherit', env: { ...process.env, ...env, DEMO: 'true' } },
    );
    if (result.status !== 0) throw new Error('seeding failed');
  };
  if (engine === 'sqlite') {
    const marker = path.join(dataDir, 'seeded.json');
    if (fs.existsSync(marker) && !args.fresh) return;
    fs.rmSync(dataDir, { recursive: true, force: true });
    seed({ DATA_DIR: dataDir });
    fs.writeFileSync(
      marker,
      JSON.stringify({ prompts: PROMPTS, users: USERS, at: new Date().toISOString() }),
    );
    return;
  }
  const marker = path.join(root, `pg-${pgDatabase}.json`);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  let fresh: boolean;
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [pgDatabase]);
    fresh = !exists.rowCount || !fs.existsSync(marker) || !!args.fresh;
    if (fresh) {
      await admin.query(`drop database if exists ${pgDatabase} with (force)`);
      await admin.query(`create database ${pgDatabase}`);
    }
  } finally {
    await admin.end();
  }
  if (fresh) {
    fs.mkdirSync(root, { recursive: true });
    seed({ DATA_DIR: path.join(root, 'pg-data'), DATABASE_URL: pgUrl });
    fs.writeFileSync(
      marker,
      JSON.stringify({ prompts: PROMPTS, users: USERS, at: new Date().toISOString() }),
    );
  }
  // Each run leaves its sessions, messages, likes and updated rows behind. Where autovacuum is off
  // (as on these machines) the next run would meet their dead rows and the statistics of the
  // database as it was seeded: each run starts from a vacuumed, analysed database instead. So does
  // the first, whose freshly loaded rows would otherwise have no visibility map and no hint bits
  // (set, and the pages written again, by the run's own reads).
  const bench = new pg.Client({ connectionString: pgUrl });
  await bench.connect();
  try {
    await bench.query('vacuum analyze');
  } finally {
    await bench.end();
  }
}

function ensureBuild() {
  if (fs.existsSync(path.resolve('dist/web-ssr/entry-server.js'))) return;
  log('Building the web app (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** `load`, and the CPU time the server process spent on each request (µs), which noise from other work does not inflate. */
async function loadWithCpu(
  pid: number | undefined,
  port: number,
  requests: Req[],
  opts: Parameters<typeof load>[2],
) {
  const before = cpuMs(pid);
  const m = await load(port, requests, opts);
  const after = cpuMs(pid);
  const cpu =
    before === null || after === null || !m.requests ? null : ((after - before) * 1000) / m.requests;
  return { m, cpu };
}

/** The paced runs request by request (--trace), tab-separated, each run in the order it was due. */
function writeTrace(file: string, runs: Record<string, PacedRequest[]>) {
  const starts = Object.entries(runs).map(([server, answered]) => {
    answered.sort((a, b) => a.due - b.due);
    return [server, answered[0]?.due ?? 0] as const;
  });
  // When each run's due_ms 0 was, to line its requests up with the app's own logs.
  const lines = starts.map(([server, start]) => `# ${server}: due_ms 0 at ${new Date(start).toISOString()}`);
  lines.push('server\tdue_ms\tlatency_ms\tkind');
  for (const [server, start] of starts)
    for (const r of runs[server]!)
      lines.push(`${server}\t${(r.due - start).toFixed(1)}\t${r.latency.toFixed(2)}\t${r.label}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  log(`    request by request: ${file}`);
}

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}

/**
 * autocannon against `port` for `seconds`: the requests in turn across the connections, each send
 * taking the next request of the list whichever connection sends it, as the paced sender does.
 * autocannon's own order has each connection go through the list from its start, which keeps the
 * connections in step: the 64 sent the first of the search mix's eight together, then the second,
 * so every search waited behind 63 copies of itself and the percentiles were the costliest search's
 * (its cost x 64), not the mix's. In the mixed workload's bursts it also had all 64 send the same
 * like together, 63 of them no-ops.
 */
async function load(
  port: number,
  requests: Req[],
  opts: { seconds: number; connections: number; rate?: number },
): Promise<Measure> {
  const times: number[] = [];
  let sends = 0;
  const next = (req: autocannon.Request): autocannon.Request => {
    const r = requests[sends++ % requests.length]!;
    // A copy of the headers: autocannon writes the body's Content-Length into the object it gets.
    return { ...req, method: r.method, path: r.path, headers: { ...r.headers }, body: r.body };
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: opts.connections,
        duration: opts.seconds,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        requests: [{ setupRequest: next }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** One request to the app, its answer's bytes as sent (fetch would decompress a compressed one). */
function requestRaw(r: Req): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: APP_PORT, path: r.path, method: r.method, headers: r.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

/** What the app answers to each request, for the bare server to repeat byte for byte. */
async function record(requests: Req[]): Promise<Record<string, RecordedResponse>> {
  const out: Record<string, RecordedResponse> = {};
  for (const r of requests) {
    if (out[key(r)]) continue;
    const res = await requestRaw(r);
    if (res.status >= 300)
      throw new Error(`${key(r)} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    out[key(r)] = {
      status: res.status,
      type: res.headers['content-type'] ?? 'application/octet-stream',
      encoding: res.headers['content-encoding'],
      body: res.body.toString('base64'),
    };
  }
  return out;
}

/** A demo-catalogue prompt with four reviews (src/server/db/seed/demo-prompts-education.ts). */
const TWIN_PROMPT_SLUG = 'quiz-generator-with-answer-explanations';

async function api<T>(p: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${APP_PORT}/api${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * The largest JavaScript chunk the browser loads for `/`: the entry or one of its static imports,
 * from Vite's manifest (the entry itself is a few bytes that import the app's code, decision 011).
 */
function entryAsset(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
  const entry = Object.values(manifest).find((c) => c.isEntry && c.file.endsWith('.js'));
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const files = [entry.file, ...(entry.imports ?? []).map((k) => manifest[k]?.file ?? '')];
  const sizes = files
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: fs.statSync(path.resolve('dist/web', f)).size }));
  return `/${sizes.sort((a, b) => b.size - a.size)[0]!.f}`;
}

async function buildScenarios() {
  const list = '/api/marketplace/prompts';
  // Scenarios 4, 5a / 5b and the mixed workload's likes read one prompt of the demo catalogue, which
  // every bench database holds with the same text and reviews. A prompt of the newest page was not
  // the same one on two databases: the bulk seed gives a prompt no earlier creation time than its
  // author's, so the newest author's prompts (14 on this catalogue) share one, and their random ids
  // break the tie; the engines' rows 4 and 5 compared different answers (126 against 647 bytes).
  const slug = TWIN_PROMPT_SLUG;
  await api(`/marketplace/prompts/${slug}`).catch((err: unknown) => {
    throw new Error(`the bench database lacks the demo prompt ${slug} (seed it afresh: --fresh)`, {
      cause: err,
    });
  });
  const email = `bench-${Date.now()}@example.test`;
  const password = 'bench-pass-123';
  const auth = await api<{ token: string }>('/auth/register', { name: 'Bench Reader', email, password });
  const bearer = { authorization: `Bearer ${auth.token}` };
  const searches = [
    'email',
    'customer%20sup',
    'plan',
    'quarterly%20retrospective',
    'pyth',
    'marketing%20email%20campaign',
    'zeitgeist',
    'sql%20que',
  ].map((q) => GET(`${list}?search=${q}&limit=50`));

  const scenarios: HttpScenario[] = [
    { id: '1', name: 'marketplace page of 50', kind: 'read', requests: [GET(`${list}?page=1&limit=50`)] },
    {
      id: '2',
      name: 'category + type + rating sort',
      kind: 'read',
      requests: [GET(`${list}?category=writing&type=free&sort=rating&limit=50`)],
    },
    { id: '3', name: 'search: common, rare, prefixes', kind: 'search', requests: searches },
    {
      id: '3b',
      name: 'search, compressed (browsers)',
      kind: 'extra',
      requests: searches.map((r) => ({ ...r, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })),
    },
    { id: '4', name: 'a prompt page', kind: 'read', requests: [GET(`${list}/${slug}`)] },
    { id: '5', name: 'GET /api/auth/me with a token', kind: 'auth', requests: [GET('/api/auth/me', bearer)] },
    {
      id: '5a',
      name: 'reviews, anonymous (twin)',
      kind: 'twin',
      requests: [GET(`${list}/${slug}/reviews`)],
    },
    {
      id: '5b',
      name: 'reviews, with a token (twin)',
      kind: 'twin',
      requests: [GET(`${list}/${slug}/reviews`, bearer)],
    },
    { id: '6a', name: 'index.html', kind: 'static', requests: [GET('/')] },
    {
      id: '6b',
      name: 'hashed asset (largest first-load chunk)',
      kind: 'static',
      requests: [GET(entryAsset())],
    },
  ];

  // The mixed workload: 200 requests sent in turn; 10 likes and 1 sign-in (writes). The likes
  // alternate (set, unset), so every one changes the state, paced and through autocannon alike.
  const mixed: Req[] = [];
  const reads = scenarios
    .filter((s) => s.kind !== 'twin' && s.kind !== 'extra')
    .flatMap((s) => s.requests.map((r) => ({ ...r, label: `${s.id} ${s.name}` })));
  for (let i = 0; i < 200; i++) {
    if (i === 100) mixed.push({ ...POST('/api/auth/login', { email, password }), label: 'sign-in' });
    else if (i % 20 === 5)
      mixed.push({
        ...POST(`${list}/${slug}/like`, { liked: i % 40 === 5 }, bearer),
        label: 'like',
      });
    else mixed.push(reads[i % reads.length]!);
  }
  return { scenarios, mixed };
}

function verdictFor(s: HttpScenario, app: Measure, ratio: number): Row['verdict'] {
  if (s.kind === 'read')
    return ratio >= BUDGET.reads.ratio && app.p99 < BUDGET.reads.p99 && !app.errors ? 'ok' : 'OVER';
  if (s.kind === 'search')
    return app.rps >= BUDGET.search.rps && app.p99 < BUDGET.search.p99 && !app.errors ? 'ok' : 'OVER';
  return app.errors ? 'OVER' : '-';
}

async function httpScenarios(scenarios: HttpScenario[], mixed: Req[] | null, appPid: number | undefined) {
  const all = [...scenarios.flatMap((s) => s.requests), ...(mixed ?? [])];
  // Likes toggle and sign-ins create sessions: recorded once, the bare server repeats those bytes.
  const responses = await record(all);
  fs.mkdirSync(root, { recursive: true });
  const responsesFile = path.join(root, `responses-${engine}.json`);
  fs.writeFileSync(responsesFile, JSON.stringify(responses));
  const bare = await startProcess(
    ['--import', 'tsx', 'bench/bare-server.ts', String(BARE_PORT), responsesFile],
    {},
    `http://127.0.0.1:${BARE_PORT}/__ready`,
  );
  const rows: Row[] = [];
  let over = 0;
  try {
    log(
      `\nPromptforge benchmark: ${PROMPTS} prompts, ${USERS} users, ${engine}; app on one core${PIN ? ' (taskset)' : ''}, ` +
        `${CONNECTIONS} connections, ${DURATION} s a run after ${WARMUP} s of warm-up (app only); bare = node:http answering the same bytes\n`,
    );
    log(
      `${'#'.padEnd(3)} ${'scenario'.padEnd(32)} ${'bytes'.padStart(7)} | ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'err'.padStart(4)} | ${'bare/s'.padStart(7)} ${'p99'.padStart(7)} | ${'ratio'.padStart(5)} | budget`,
    );
    for (const s of scenarios) {
      const opts = { seconds: DURATION, connections: CONNECTIONS };
      // A warm-up that is not counted: statement caches, and the JIT, whose compiler threads took
      // about a third of the app's core for the first 2-3 s of a scenario's load, then a few per
      // cent (decision 036).
      await load(APP_PORT, s.requests, { seconds: WARMUP, connections: CONNECTIONS });
      const { m: app, cpu: appCpu } = await loadWithCpu(appPid, APP_PORT, s.requests, opts);
      const { m: bareM, cpu: bareCpu } = await loadWithCpu(bare.pid, BARE_PORT, s.requests, opts);
      const ratio = app.rps / bareM.rps;
      const cpu = appCpu && bareCpu ? { app: appCpu, bare: bareCpu, ratio: bareCpu / appCpu } : undefined;
      const verdict = verdictFor(s, app, ratio);
      if (verdict === 'OVER') over++;
      const bytes = Math.round(
        s.requests.reduce((sum, r) => sum + Buffer.from(responses[key(r)]!.body, 'base64').length, 0) /
          s.requests.length,
      );
      rows.push({ id: s.id, name: s.name, bytes, app, bare: bareM, ratio, cpu, verdict });
      log(
        `${s.id.padEnd(3)} ${s.name.padEnd(32)} ${String(bytes).padStart(7)} | ${app.rps.toFixed(0).padStart(7)} ${ms(app.p50)} ${ms(app.p95)} ${ms(app.p99)} ${String(app.errors).padStart(4)} | ${bareM.rps.toFixed(0).padStart(7)} ${ms(bareM.p99)} | ${ratio.toFixed(2).padStart(5)} | ${verdict}` +
          (cpu
            ? ` | cpu µs/req app ${cpu.app.toFixed(0)} bare ${cpu.bare.toFixed(0)} (${cpu.ratio.toFixed(2)})`
            : ''),
      );
    }

    // The search budget's latencies are at CONNECTIONS in a closed loop, where p50 is about
    // CONNECTIONS / throughput: the ceiling's own percentiles say what this machine and this load
    // generator allow at all.
    const search = rows.find((r) => r.id === '3');
    if (search) {
      const closedLoopMs = (rps: number) => ((1000 * CONNECTIONS) / rps).toFixed(1);
      log(
        `\nSearch (3), a closed loop of ${CONNECTIONS} connections: ${CONNECTIONS} / throughput is ` +
          `${closedLoopMs(search.app.rps)} ms for the app, ${closedLoopMs(search.bare.rps)} ms for the bare server, ` +
          `whose own p95 / p99 were ${search.bare.p95.toFixed(1)} / ${search.bare.p99.toFixed(1)} ms ` +
          `(budget: ${BUDGET.search.rps} searches a second, p99 ${BUDGET.search.p99} ms).`,
      );
    }

    const anon = rows.find((r) => r.id === '5a');
    const authed = rows.find((r) => r.id === '5b');
    let authAdded: number | null = null;
    if (anon && authed) {
      // One core serves the requests, so 1/throughput is the time each one costs it.
      authAdded = 1000 / authed.app.rps - 1000 / anon.app.rps;
      const ok = authAdded < BUDGET.authAddedMs;
      if (!ok) over++;
      log(
        `\nAuthentication adds ${authAdded.toFixed(3)} ms of server time per request (5b vs 5a): ${ok ? 'ok' : 'OVER'} (budget ${BUDGET.authAddedMs} ms)`,
      );
    }

    let mixedResult: {
      app: Measure;
      bare: Measure;
      /** autocannon's rate: each second's requests sent in a burst when it starts (not budgeted). */
      bursts: Measure;
      burstsCpuPerRequestUs: number | null;
      rate: number;
      seconds: number;
      verdict: string;
      cpuPerRequestUs: number | null;
    } | null = null;
    if (mixed) {
      const seconds = Number(args['mixed-duration']);
      const rate = Number(args.rate);
      log(`\n8   mixed workload at ${rate} req/s for ${seconds} s (reads, 5% likes, 0.5% sign-ins)...`);
      const opts = { seconds, connections: CONNECTIONS, rate };
      const trace = { app: [] as PacedRequest[], bare: [] as PacedRequest[] };
      const traced = (answered: PacedRequest[]) =>
        args.trace ? { ...opts, onAnswer: (r: PacedRequest) => answered.push(r) } : opts;
      // The bursts first: with --only 8 they also warm the app up for the budgeted run.
      const { m: bursts, cpu: burstsCpu } = await loadWithCpu(appPid, APP_PORT, mixed, opts);
      const before = cpuMs(appPid);
      const app = await pacedLoad(APP_PORT, mixed, traced(trace.app));
      const after = cpuMs(appPid);
      const appCpu = before === null || after === null ? null : ((after - before) * 1000) / app.requests;
      const bareM = await pacedLoad(BARE_PORT, mixed, traced(trace.bare));
      if (args.trace) writeTrace(args.trace, trace);
      const ok = app.errors === 0 && app.p99 < BUDGET.mixed.p99 && app.rps >= rate * 0.97;
      if (!ok) over++;
      const verdict = ok ? 'ok' : 'OVER';
      const mixedLine = (label: string, m: Measure, b: Measure | null, v: string, cpu: number | null) =>
        `${label.padEnd(36)} ${''.padStart(7)} | ${m.rps.toFixed(0).padStart(7)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)} ${String(m.errors).padStart(4)} | ${(b ? b.rps.toFixed(0) : '-').padStart(7)} ${b ? ms(b.p99) : '      -'} | ${'-'.padStart(5)} | ${v}` +
        (cpu ? ` | cpu µs/req app ${cpu.toFixed(0)}` : '');
      log(mixedLine('8b  mixed, per-second bursts', bursts, null, '-', burstsCpu));
      log(mixedLine('8   mixed, evenly paced', app, bareM, verdict, appCpu));
      if (app.errors) log(`    errors: ${JSON.stringify(app.errorKinds)}`);
      log('    paced, by kind of request (ms):');
      for (const [label, k] of Object.entries(app.byLabel).sort((a, b) => b[1].p99 - a[1].p99))
        log(
          `      ${label.padEnd(40)} ${String(k.requests).padStart(6)} p50 ${ms(k.p50)} p99 ${ms(k.p99)} max ${ms(k.max)}`,
        );
      mixedResult = {
        app,
        bare: bareM,
        bursts,
        burstsCpuPerRequestUs: burstsCpu,
        rate,
        seconds,
        verdict,
        cpuPerRequestUs: appCpu,
      };
    }
    log(
      `\nBudgets: reads (1, 2, 4) >= ${BUDGET.reads.ratio * 100}% of the ceiling and p99 < ${BUDGET.reads.p99} ms; ` +
        `search (3) >= ${BUDGET.search.rps} req/s, p99 < ${BUDGET.search.p99} ms ` +
        `(all at ${CONNECTIONS} connections, no response cache); mixed (8): ${args.rate} req/s evenly paced, no errors, p99 < ${BUDGET.mixed.p99} ms ` +
        `(8b, not budgeted: the same rate sent by autocannon, in bursts at the start of each second).`,
    );
    return { rows, authAdded, mixed: mixedResult, over };
  } finally {
    bare.kill('SIGTERM');
  }
}

interface StreamRow {
  concurrency: number;
  reply: 'short' | 'paced';
  /** Turns whose first token was timed in each run (each stream's first turn is not). */
  samples: number;
  appCpuMsPerTurn: number;
  appCoreBusy: number;
  direct: { p50: number; p99: number };
  /** bench/relay-floor.ts: the app's model behind a bare node:http server, the least a relay adds. */
  floor: { p50: number; p99: number };
  floorAdded: { p50: number; p99: number };
  floorCpuMsPerTurn: number;
  app: { p50: number; p99: number };
  added: { p50: number; p99: number };
  verdict: string;
}
const streamRows: StreamRow[] = [];

/** Milliseconds from sending a request until `marker` first appears in the streamed body. */
async function timeToFirst(url: string, init: RequestInit, marker: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let first = -1;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value, { stream: true });
    if (first < 0 && seen.includes(marker)) first = performance.now() - t0;
  }
  if (first < 0) throw new Error(`${url}: no ${marker} in ${seen.slice(0, 300)}`);
  return first;
}

function percentiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function streamingScenario(token: string, appPid: number | undefined, floorPid: number | undefined) {
  const direct = () =>
    timeToFirst(
      `http://127.0.0.1:${FAKE_PORT}/v1/messages`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': 'bench',
          'anthropic-version': '2023-06-01',
        },
        body: JSON.stringify({
          model: 'claude-bench',
          max_tokens: 256,
          stream: true,
          messages: [{ role: 'user', content: 'Hi' }],
        }),
      },
      'content_block_delta',
    );
  const floor = () =>
    timeToFirst(
      `http://127.0.0.1:${FLOOR_PORT}/chat`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Hi' }),
      },
      'event: token',
    );
  const through = () =>
    timeToFirst(
      `http://127.0.0.1:${APP_PORT}/api/playground/chat`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ message: 'Hi', model: 'claude' }),
      },
      'event: token',
    );
  log(`
Playground: time to first token, through Promptforge vs the floor and the fake provider directly (same run)
`);
  log(
    `${'streams'.padEnd(12)} | ${'direct p50'.padStart(10)} ${'p99'.padStart(7)} | ${'floor +p50'.padStart(10)} ${'+p99'.padStart(7)} | ${'app p50'.padStart(8)} ${'p99'.padStart(7)} | ${'added p50'.padStart(9)} ${'p99'.padStart(7)} | budget`,
  );
  let over = 0;
  // One stream: a short reply, since only its first token is measured. Fifty streams: the paced,
  // realistic reply (bench/fake-provider.ts), so fifty open streams start as many turns a second
  // as fifty people reading replies would, not one every 60 ms each.
  const phases = (
    [
      [1, 'short'],
      [50, 'paced'],
    ] as const
  ).filter(([concurrency]) => args.streams!.split(',').map(Number).includes(concurrency));
  for (const [concurrency, reply] of phases) {
    const paced = await fetch(`http://127.0.0.1:${FAKE_CONTROL_PORT}/reply/${reply}`, { method: 'POST' });
    if (!paced.ok) throw new Error(`the fake provider refused /reply/${reply}`);
    // Closed loop: each of `concurrency` workers sends its next request when its stream ends, so
    // that many streams stay in flight. The workers stand for people who began chatting at
    // different moments: each starts at its own random point within one reply (the same points in
    // every run and for every target), and since the replies are of equal length the starts stay
    // spread out. Started together they would stay in step, and every turn would begin in a burst
    // of fifty (decision 014). Each worker's first request (a new connection) is not measured.
    // Fifty streams measure --stream-turns turns each after the first (24 by default, 1 200 in
    // all): with the 7 of earlier versions (350 in all) a p99 was the fourth slowest turn of a 13 s
    // run, which held two or three of the app's major collections or none, and two runs of the same
    // code differed 3.5 times. The warm-up runs stay short.
    const measuredTurns = concurrency === 1 ? 500 : STREAM_TURNS + 1;
    const samples = concurrency * (measuredTurns - 1);
    const random = new Rng(concurrency);
    const offsets = Array.from({ length: concurrency }, () =>
      concurrency === 1 ? 0 : random.next() * PACED_REPLY_MS,
    );
    const run = async (fn: () => Promise<number>, perWorker = measuredTurns) => {
      const times: number[] = [];
      await Promise.all(
        offsets.map(async (offset) => {
          await new Promise((resolve) => setTimeout(resolve, offset));
          for (let i = 0; i < perWorker; i++) {
            const t = await fn();
            if (i > 0) times.push(t);
          }
        }),
      );
      return percentiles(times);
    };
    const warmUp = concurrency === 1 ? measuredTurns : 8;
    await run(through, warmUp); // warm-up: JIT, prepared statements, connection pools
    await run(floor, warmUp);
    const d = await run(direct);
    const floorCpuBefore = cpuMs(floorPid) ?? NaN;
    const f = await run(floor);
    const floorCpuMsPerTurn = ((cpuMs(floorPid) ?? NaN) - floorCpuBefore) / (concurrency * measuredTurns);
    const cpuBefore = cpuMs(appPid) ?? NaN;
    const wallBefore = performance.now();
    const a = await run(through);
    // The app's own CPU per turn (a figure the machine's noise hardly moves) and the share of its
    // core the run kept busy.
    const turns = concurrency * measuredTurns;
    const appCpuMs = (cpuMs(appPid) ?? NaN) - cpuBefore;
    const appCpuMsPerTurn = appCpuMs / turns;
    const appCoreBusy = appCpuMs / (performance.now() - wallBefore);
    const added = { p50: a.p50 - f.p50, p99: a.p99 - f.p99 };
    const budget = TTFT_BUDGET[concurrency]!;
    const ok = added.p50 < budget.p50 && added.p99 < budget.p99;
    if (!ok) over++;
    streamRows.push({
      concurrency,
      reply,
      samples,
      direct: d,
      floor: f,
      floorAdded: { p50: f.p50 - d.p50, p99: f.p99 - d.p99 },
      floorCpuMsPerTurn,
      app: a,
      added,
      appCpuMsPerTurn,
      appCoreBusy,
      verdict: ok ? 'ok' : 'OVER',
    });
    log(
      `${`${concurrency} (${reply})`.padEnd(12)} | ${ms(d.p50).padStart(10)} ${ms(d.p99)} | ${ms(f.p50 - d.p50).padStart(10)} ${ms(f.p99 - d.p99)} | ${ms(a.p50).padStart(8)} ${ms(a.p99)} | ${ms(added.p50).padStart(9)} ${ms(added.p99)} | ${ok ? 'ok' : 'OVER'}  (${samples} turns timed; CPU a turn: app ${appCpuMsPerTurn.toFixed(2)} ms, floor ${floorCpuMsPerTurn.toFixed(2)} ms; app core ${(appCoreBusy * 100).toFixed(0)}% busy)`,
    );
  }
  const paced = streamRows.find((r) => r.reply === 'paced');
  log(`
Floor: bench/relay-floor.ts, the same official adapter (its doStream over @ai-sdk/anthropic, as the app calls it) behind a bare
node:http server (no framework, authentication or database); "floor +" is what that relay alone adds to
the provider's first token, "added" what the app adds beyond the floor.
Budget (added): ${Object.entries(TTFT_BUDGET)
    .map(
      ([n, b]) => `${n} stream${n === '1' ? '' : 's'} under ${b.p50} ms at the median and ${b.p99} ms at p99`,
    )
    .join('; ')}.
Capacity: one core serves about ${paced ? Math.round(1000 / paced.appCpuMsPerTurn) : '?'} paced turns a second (1000 / CPU ms a turn).`);
  return over;
}

/**
 * A fresh user on the Premium plan (unlimited sessions), subscribed through the test gateway like a
 * real customer. A fresh one each run: a user whose history grows from run to run would make later
 * runs slower than earlier ones.
 */
/** PostgreSQL within 2x of SQLite: throughput per scenario against the last SQLite run's file. */
function compareWithSqlite(rows: Row[]): { id: string; sqlite: number; postgres: number; verdict: string }[] {
  const file = path.join(resultsDir, 'latest-sqlite.json');
  if (!fs.existsSync(file)) {
    log('\nNo bench/results/latest-sqlite.json to compare with: run `npm run bench` first.');
    return [];
  }
  const sqlite = JSON.parse(fs.readFileSync(file, 'utf8')) as { scenarios: Row[] };
  const out = rows.flatMap((row) => {
    const other = sqlite.scenarios.find((s) => s.id === row.id);
    if (!other) return [];
    // Ratios to each run's own ceiling, so a noisier moment on the machine does not count.
    const factor = other.ratio / row.ratio;
    return [
      {
        id: row.id,
        sqlite: other.ratio,
        postgres: row.ratio,
        verdict: factor <= BUDGET.postgresFactor ? 'ok' : 'OVER',
      },
    ];
  });
  log('\nPostgreSQL against the last SQLite run (ratio to the ceiling; budget: within 2x)');
  for (const c of out) {
    log(
      `${c.id.padEnd(3)} sqlite ${c.sqlite.toFixed(2)}  postgres ${c.postgres.toFixed(2)}  ${(c.sqlite / c.postgres).toFixed(2)}x  ${c.verdict}`,
    );
  }
  return out;
}

async function main() {
  await ensureDatabase();
  ensureBuild();
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stopAll);
  try {
    // The fake answers any request with its streamed reply, so any path tells it is up. It stands
    // for a provider on another machine: it runs on the load generator's core, not the app's.
    children.push(
      await startProcess(
        ['--import', 'tsx', 'bench/fake-provider.ts', String(FAKE_PORT), String(FAKE_CONTROL_PORT)],
        {},
        `http://127.0.0.1:${FAKE_PORT}/ready`,
        1,
      ),
    );
    const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const app = await startProcess(
      [...appNodeArgs, '--import', 'tsx', 'src/server/main.ts'],
      {
        DATA_DIR: engine === 'sqlite' ? dataDir : path.join(root, 'pg-data'),
        ...(engine === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        PLAYGROUND_RATE_LIMIT: '100000000',
        AUTH_RATE_LIMIT_PER_ADDRESS: '100000000',
        // As deployed: the server renders pages with React's production build (a render of / took
        // 17-21 ms with its development build, 10-13 with it; decision 032). The premium subscriber
        // is bought through the labelled test gateway.
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
        // No mail leaves a test run: production requires a transport, and this is the log.
        MAIL_TRANSPORT: 'log',
        JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
        PAYMENTS_TEST_MODE: 'true',
        ANTHROPIC_API_KEY: 'bench',
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`,
        ANTHROPIC_MODEL: 'claude-bench',
      },
      `http://127.0.0.1:${APP_PORT}/api/ready`,
      0,
      // Warnings and errors only (LOG_LEVEL warn): an index rebuild or a failed job shows here.
      path.join(root, `app-${engine}.log`),
    );
    children.push(app);
    // --only 1,2,3: several scenarios, in the full run's order.
    const only = args.only?.split(',');
    const wants = (id: string, name: string) =>
      !only || only.some((o) => id.startsWith(o) || name.includes(o));
    const withStreams = wants('7', 'stream');
    // The floor of scenario 7 shares the app's core; only one of the two is measured at a time.
    const floorRelay = withStreams
      ? await startProcess(
          ['--import', 'tsx', 'bench/relay-floor.ts', String(FLOOR_PORT), `http://127.0.0.1:${FAKE_PORT}/v1`],
          {},
          `http://127.0.0.1:${FLOOR_PORT}/__ready`,
        )
      : null;
    if (floorRelay) children.push(floorRelay);
    const { scenarios, mixed } = await buildScenarios();
    const picked = scenarios.filter((s) => wants(s.id, s.name));
    const withMixed = wants('8', 'mixed');
    let failed = 0;
    const http = await httpScenarios(picked, withMixed ? mixed : null, app.pid);
    failed += http.over;
    if (withStreams)
      failed += await streamingScenario(
        await premiumSubscriber(`http://127.0.0.1:${APP_PORT}`),
        app.pid,
        floorRelay?.pid,
      );
    const comparison = engine === 'postgres' ? compareWithSqlite(http.rows) : [];
    failed += comparison.filter((c) => c.verdict === 'OVER').length;

    const result = {
      at: new Date().toISOString(),
      engine,
      prompts: PROMPTS,
      users: USERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      pinned: PIN,
      node: process.version,
      cpus: os.cpus().length,
      budgets: BUDGET,
      scenarios: http.rows,
      authAddedMs: http.authAdded,
      mixed: http.mixed,
      streaming: streamRows,
      postgresVsSqlite: comparison,
      over: failed,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const json = `${JSON.stringify(result, null, 2)}\n`;
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), json);
    if (!only) fs.writeFileSync(path.join(resultsDir, `latest-${engine}.json`), json);
    log(`\n${failed ? `${failed} over budget.` : 'Every budget met.'} Results: bench/results/latest.json`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    stopAll();
  }
}

await main();
