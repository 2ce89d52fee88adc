import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/demo-accounts';

/*
 * `npm run test:security`: starts the built app on a free port in production mode (NODE_ENV=production,
 * a fresh secret, the demo data so there is something to crawl) and runs wapiti against it, signed in
 * as the demo user, starting from the page routes and every parameterless GET API route of the OpenAPI
 * document. Fails on any high, medium or critical finding (vulnerabilities and anomalies such as 500
 * answers). Without wapiti installed, it says how to install it and exits 2 (nothing was scanned).
 * SECURITY_SCAN_MAX_SECONDS bounds the scan (default 900).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface ScanFinding {
  kind: 'vulnerability' | 'anomaly';
  category: string;
  severity: Severity;
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
 * Wapiti 3.0.x numbers levels 1 = high, 2 = medium, 3 = low; 3.1 and later 0 = info up to 4 = critical.
 * The report names its version, so each report is read on its own scale.
 */
export function severityOf(level: number | string | undefined, version: string | undefined): Severity {
  const n = Number(level);
  const match = /(\d+)\.(\d+)/.exec(version ?? '');
  const legacy = match ? Number(match[1]) < 3 || (Number(match[1]) === 3 && Number(match[2]) < 1) : true;
  if (legacy) return n === 1 ? 'high' : n === 2 ? 'medium' : n === 3 ? 'low' : 'info';
  return n >= 4 ? 'critical' : n === 3 ? 'high' : n === 2 ? 'medium' : n === 1 ? 'low' : 'info';
}

export function readReport(report: WapitiReport): ScanFinding[] {
  const version = report.infos?.version;
  const findings: ScanFinding[] = [];
  const collect = (kind: ScanFinding['kind'], groups: Record<string, WapitiEntry[]> | undefined) => {
    for (const [category, entries] of Object.entries(groups ?? {})) {
      for (const e of entries ?? []) {
        findings.push({
          kind,
          category,
          severity: severityOf(e.level, version),
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

export const failing = (findings: ScanFinding[]) =>
  findings.filter((f) => f.severity === 'critical' || f.severity === 'high' || f.severity === 'medium');

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

/** Start URLs: the page routes and every GET API route without path parameters, with sample queries. */
async function startUrls(base: string): Promise<string[]> {
  const urls = new Set([`${base}/`, `${base}/marketplace`, `${base}/auth/login`, `${base}/auth/register`]);
  const res = await fetch(`${base}/api/docs/json`);
  if (!res.ok) return [...urls];
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  for (const [route, methods] of Object.entries(doc.paths)) {
    const get = methods.get;
    if (!get || route.includes('{') || route.startsWith('/api/admin') || route === '/api/metrics') continue;
    const query = (get.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => `${encodeURIComponent(p.name)}=test`)
      .join('&');
    urls.add(`${base}${route}${query ? `?${query}` : ''}`);
  }
  return [...urls];
}

async function main() {
  if (spawnSync('which', ['wapiti'], { encoding: 'utf8' }).status !== 0) {
    console.error(INSTALL_HINT);
    process.exit(2);
  }
  if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    console.error('No built web app in dist/web: run `npm run build` first.');
    process.exit(2);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, `.tmp/security-scan-${port}`);
  const reportFile = path.join(root, '.tmp/security', 'wapiti.json');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
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
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password }),
    });
    const token = login.ok ? ((await login.json()) as { data: { token: string } }).data.token : null;
    if (!token) console.warn('Could not sign in as the demo user: scanning as an anonymous visitor only.');

    const args = [
      '-u',
      `${base}/`,
      '--scope',
      'folder',
      '-f',
      'json',
      '-o',
      reportFile,
      '--flush-session',
      '--max-scan-time',
      process.env.SECURITY_SCAN_MAX_SECONDS ?? '900',
      // No `-x` for the logout route: Debian's wapiti 3.0.4 crashes on any exclude under Python 3.11
      // (a regex with inline flags not at the start). The crawler cannot reach logout anyway: it is
      // a POST, and the scanner only follows links, forms and the GET start URLs below.
      ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
      ...(await startUrls(base)).flatMap((url) => ['-s', url]),
    ];
    console.log(`Scanning ${base} with wapiti (report: ${path.relative(root, reportFile)})...`);
    const scan = spawnSync('wapiti', args, { stdio: 'inherit' });
    if (!fs.existsSync(reportFile)) {
      console.error(`wapiti wrote no report (exit ${scan.status ?? scan.signal}).`);
      process.exitCode = 1;
      return;
    }
    const findings = readReport(JSON.parse(fs.readFileSync(reportFile, 'utf8')) as WapitiReport);
    const bad = failing(findings);
    for (const f of findings)
      console.log(`  [${f.severity}] ${f.kind}: ${f.category} at ${f.where}  ${f.info}`);
    if (bad.length > 0) {
      console.error(`Security scan: ${bad.length} high or medium finding(s). Full report: ${reportFile}`);
      process.exitCode = 1;
    } else {
      console.log(`Security scan: no high or medium findings (${findings.length} in all).`);
    }
  } finally {
    stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
