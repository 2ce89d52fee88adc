import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/demo-accounts';
import { PAGE_PATHS } from '../src/shared/routes';

/*
 * `npm run test:security`: starts the built app on a free port in production mode (NODE_ENV=production,
 * a fresh secret, the demo data so there is something to crawl) and runs wapiti against it, signed in
 * as the demo user, starting from the SPA's pages and every GET API route of the OpenAPI document
 * (path parameters filled with real ids). Fails on any high, medium or critical finding
 * (vulnerabilities, and anomalies such as 500 answers) that is not a documented false positive
 * (FALSE_POSITIVES below). Writes `.tmp/results/security.json` for CI's summary; a scan that did not
 * run (no wapiti, no build, no report) is written there as a failure. Without wapiti it says how to
 * install it and exits 2. SECURITY_SCAN_MAX_SECONDS bounds the scan (default 300).
 *
 * Modules: wapiti's defaults less `ssrf`, plus `crlf` and `backup`. `ssrf` can only conclude through
 * wapiti's own server on the internet (wapiti3.ovh), which this machine and CI cannot reach, so it
 * would spend its time and prove nothing; the server fetches no URL a client chooses anyway. Left
 * out as well: `nikto` and `wapp` (they download their databases at run time), `buster` (a word-list
 * brute force of paths: slow, and the SPA answers every page path), `xxe` (no XML parser: only JSON
 * bodies are accepted), `csrf`, `brute_login_form` and `htaccess` (they need HTML forms or 401
 * pages; the SPA renders its forms in the browser and no cookie authenticates), `shellshock` (no CGI).
 * Depth 4 from the start URLs is enough: the SPA has no server-rendered links, so the start URLs are
 * the surface. Measured here: about a minute. wapiti 3.0.4 cannot send JSON bodies; the POST, PUT
 * and DELETE routes are covered by the generated bad-input suite (tests/unit/security/fuzz-api.test.ts).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface ScanFinding {
  kind: 'vulnerability' | 'anomaly';
  category: string;
  severity: Severity;
  /** The path alone, for matching false positives. */
  path: string;
  where: string;
  info: string;
}

interface WapitiEntry {
  level?: number | string;
  method?: string;
  path?: string;
  info?: string;
  parameter?: string;
}

interface WapitiReport {
  infos?: { version?: string };
  vulnerabilities?: Record<string, WapitiEntry[]>;
  anomalies?: Record<string, WapitiEntry[]>;
}

/**
 * Wapiti 3 numbers levels 0 info, 1 low, 2 medium, 3 high, 4 critical (checked in Debian's 3.0.4:
 * wapitiCore/language/vulnerability.py; 3.1 and later keep it). Anything else counts as high, so an
 * unknown scale can only fail the scan, never pass it.
 */
export function severityOf(level: number | string | undefined): Severity {
  const n = Number(level);
  if (n === 4) return 'critical';
  if (n === 3) return 'high';
  if (n === 2) return 'medium';
  if (n === 1) return 'low';
  if (n === 0) return 'info';
  return 'high';
}

export function readReport(report: WapitiReport): ScanFinding[] {
  const findings: ScanFinding[] = [];
  const collect = (kind: ScanFinding['kind'], groups: Record<string, WapitiEntry[]> | undefined) => {
    for (const [category, entries] of Object.entries(groups ?? {})) {
      for (const e of entries ?? []) {
        findings.push({
          kind,
          category,
          severity: severityOf(e.level),
          path: e.path ?? '',
          where: `${e.method ?? 'GET'} ${e.path ?? '?'}${e.parameter ? ` (${e.parameter})` : ''}`,
          info: e.info ?? '',
        });
      }
    }
  };
  collect('vulnerability', report.vulnerabilities);
  collect('anomaly', report.anomalies);
  return findings;
}

export interface FalsePositive {
  category: string;
  /** The exact path (no query string) the finding is at. */
  path: string;
  /** Why it is not a vulnerability; docs/security.md says the same. */
  reason: string;
}

/**
 * High or medium findings that are not vulnerabilities, each for one wapiti category at one path,
 * with the reason. Keep it narrow: a new finding at another path, or another category at this path,
 * still fails. docs/security.md ("Web vulnerability scan") lists them too.
 */
export const FALSE_POSITIVES: FalsePositive[] = [];

const serious = (f: ScanFinding) =>
  f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium';

const isFalsePositive = (f: ScanFinding, list: FalsePositive[]) =>
  list.some((fp) => fp.category === f.category && fp.path === f.path);

/** The findings that fail the scan: high, medium or critical, and not a listed false positive. */
export const failing = (findings: ScanFinding[], falsePositives: FalsePositive[] = FALSE_POSITIVES) =>
  findings.filter((f) => serious(f) && !isFalsePositive(f, falsePositives));

/** What CI's summary reads (the shape of Vitest's JSON report: one check, passed or failed). */
export interface ScanResult {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  /** Why the scan failed, or null. */
  problem: string | null;
  wapiti: string | null;
  seconds: number;
  startUrls: number;
  findings: ScanFinding[];
  excluded: ScanFinding[];
}

export function writeResult(file: string, result: Omit<ScanResult, 'numPassedTests' | 'numFailedTests'>) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const full: ScanResult = {
    ...result,
    numPassedTests: result.success ? 1 : 0,
    numFailedTests: result.success ? 0 : 1,
  };
  fs.writeFileSync(file, JSON.stringify(full, null, 2));
}

export const INSTALL_HINT =
  'wapiti is not installed, so nothing was scanned. Install it (Debian/Ubuntu) with:\n\n' +
  '  sudo apt-get install -y wapiti\n\nthen run `npm run test:security` again.';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitReady(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become ready at ${base} within ${timeoutMs / 1000} s`);
}

interface Ids {
  promptId: string | null;
  sessionId: string | null;
}

/** Fills a route's path parameters with real ids, or null when the route has none we know. */
function fillPath(route: string, ids: Ids): string | null {
  if (!route.includes('{')) return route;
  const id = route.startsWith('/api/playground/sessions/')
    ? ids.sessionId
    : route.startsWith('/api/marketplace/prompts/') || route.startsWith('/api/playground/prompts/')
      ? ids.promptId
      : null;
  if (!id) return null;
  const filled = route.replace(/\{id\}/g, encodeURIComponent(id));
  return filled.includes('{') ? null : filled;
}

/**
 * Start URLs: the SPA's pages and every GET API route of the OpenAPI document with sample query
 * values, path parameters filled from `ids`. Admin routes and the metrics endpoint are left out: the
 * scanner signs in as a user, and those answer it 401/403 (the access matrix tests them).
 */
async function startUrls(base: string, ids: Ids): Promise<string[]> {
  const urls = new Set(
    Object.values(PAGE_PATHS)
      .filter((p) => !p.startsWith('/admin') && !p.includes(':'))
      .map((p) => `${base}${p}`),
  );
  if (ids.promptId) urls.add(`${base}${PAGE_PATHS.marketplacePrompt.replace(':id', ids.promptId)}`);
  const res = await fetch(`${base}/api/docs/json`);
  if (!res.ok) return [...urls];
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  for (const [route, methods] of Object.entries(doc.paths)) {
    const get = methods.get;
    if (!get || route.startsWith('/api/admin') || route === '/api/metrics') continue;
    const filled = fillPath(route, ids);
    if (!filled) continue;
    const query = (get.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => `${encodeURIComponent(p.name)}=test`)
      .join('&');
    urls.add(`${base}${filled}${query ? `?${query}` : ''}`);
  }
  return [...urls];
}

async function main() {
  const resultFile = path.join(root, '.tmp/results/security.json');
  const started = Date.now();
  const fail = (problem: string, code: number): never => {
    console.error(problem);
    writeResult(resultFile, {
      success: false,
      problem: problem.split('\n')[0]!,
      wapiti: null,
      seconds: Math.round((Date.now() - started) / 1000),
      startUrls: 0,
      findings: [],
      excluded: [],
    });
    process.exit(code);
  };
  const which = spawnSync('wapiti', ['--version'], { encoding: 'utf8' });
  if (which.error || which.status !== 0) fail(INSTALL_HINT, 2);
  const wapitiVersion = /Wapiti[- ](\d+\.\d+\.\d+)/.exec(which.stdout ?? '')?.[1] ?? null;
  if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    fail('No built web app in dist/web: run `npm run build` first.', 2);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, `.tmp/security-scan-${port}`);
  const scanDir = path.join(root, '.tmp/security');
  const reportFile = path.join(scanDir, 'wapiti.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(scanDir, { recursive: true });
  fs.rmSync(reportFile, { force: true });

  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      // No mail leaves a test run: production requires a transport, and this is the log.
      MAIL_TRANSPORT: 'log',
      // The scanner sends thousands of requests from one address; limits are tested elsewhere.
      RATE_LIMIT_MAX: '10000000',
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000000',
      PLAYGROUND_RATE_LIMIT: '10000000',
    },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    await waitReady(base, 90_000);
    const json = async (url: string, init?: RequestInit) => {
      const res = await fetch(`${base}${url}`, init);
      return res.ok ? ((await res.json()) as { data: Record<string, unknown> }).data : null;
    };
    const login = await json('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password }),
    });
    const token = (login?.token as string | undefined) ?? null;
    if (!token) fail('Could not sign in as the demo user: the scan would only see the public surface.', 1);
    const auth = { authorization: `Bearer ${token}` };
    const list = await json('/api/marketplace/prompts?limit=1');
    const promptId = (list?.prompts as { id: string }[] | undefined)?.[0]?.id ?? null;
    // A playground session of the scanner's own, so the session routes have something to answer.
    const chat = await json('/api/playground/chat', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello from the security scan', model: 'claude' }),
    });
    const ids: Ids = { promptId, sessionId: (chat?.sessionId as string | undefined) ?? null };
    const starts = await startUrls(base, ids);

    const args = [
      '-u',
      `${base}/`,
      '--scope',
      'folder',
      '-m',
      'blindsql,cookieflags,csp,exec,file,http_headers,permanentxss,redirect,sql,xss,crlf,backup',
      '-d',
      '4',
      '-f',
      'json',
      '-o',
      reportFile,
      '--store-session',
      path.join(scanDir, 'session'),
      '--flush-session',
      '--no-bugreport',
      '--max-scan-time',
      process.env.SECURITY_SCAN_MAX_SECONDS ?? '300',
      // No `-x` for the logout route: Debian's wapiti 3.0.4 crashes on any exclude under Python 3.11
      // (a regex with inline flags not at the start). The scanner cannot reach logout anyway: it is
      // a POST, and wapiti only follows links, forms and the GET start URLs below.
      '-H',
      `Authorization: Bearer ${token}`,
      ...starts.flatMap((url) => ['-s', url]),
    ];
    console.log(
      `Scanning ${base} with wapiti ${wapitiVersion ?? '?'} from ${starts.length} start URLs (report: ${path.relative(root, reportFile)})...`,
    );
    const scan = spawnSync('wapiti', args, { stdio: 'inherit' });
    if (!fs.existsSync(reportFile)) {
      fail(`wapiti wrote no report (exit ${scan.status ?? scan.signal}).`, 1);
    }
    const findings = readReport(JSON.parse(fs.readFileSync(reportFile, 'utf8')) as WapitiReport);
    const bad = failing(findings);
    const excluded = findings.filter((f) => !bad.includes(f) && failing([f], []).length > 0);
    for (const f of findings)
      console.log(`  [${f.severity}] ${f.kind}: ${f.category} at ${f.where}  ${f.info}`);
    for (const f of excluded) console.log(`  (documented false positive: ${f.category} at ${f.path})`);
    const seconds = Math.round((Date.now() - started) / 1000);
    writeResult(resultFile, {
      success: bad.length === 0,
      problem: bad.length ? `${bad.length} high or medium finding(s)` : null,
      wapiti: wapitiVersion,
      seconds,
      startUrls: starts.length,
      findings,
      excluded,
    });
    if (bad.length > 0) {
      console.error(`Security scan: ${bad.length} high or medium finding(s). Full report: ${reportFile}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Security scan: no high or medium findings (${findings.length} in all, ${excluded.length} documented false positives) in ${seconds} s.`,
      );
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    stop();
    if (server.exitCode === null && server.signalCode === null) await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
