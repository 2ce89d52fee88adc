import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/demo-accounts';

/*
 * `tsx scripts/scan-bundle.ts [dir]`: fails when the built web app (dist/web by default, source maps
 * included) holds a secret: the demo accounts' credentials, a value from a local .env file or the
 * environment's secret variables, the generated secrets in the data folder, or anything shaped like
 * a live key (Razorpay live keys, AI provider keys, private keys, `JWT_SECRET=` lines from a .env).
 * It builds nothing: `npm run test:e2e` runs it right after `npm run build`.
 */

export interface Finding {
  file: string;
  /** What was found, never the secret itself. */
  what: string;
  line: number;
}

/** Names of variables whose values are secrets, in the environment or a .env file. */
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|API_KEY|KEY_ID|_URL)$/;
/** Public, non-secret URL settings that may legitimately appear in the bundle. */
const PUBLIC_NAMES = new Set([
  'PUBLIC_URL',
  'RAZORPAY_API_BASE',
  'RAZORPAY_CHECKOUT_URL',
  'ANTHROPIC_BASE_URL',
  'OPENAI_BASE_URL',
  'PERPLEXITY_BASE_URL',
]);

const PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'a Razorpay live key', pattern: /rzp_live_[A-Za-z0-9]{8,}/ },
  { what: 'an Anthropic API key', pattern: /sk-ant-[A-Za-z0-9_-]{20,}/ },
  { what: 'an OpenAI API key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9]{32,}/ },
  { what: 'a Perplexity API key', pattern: /pplx-[A-Za-z0-9]{32,}/ },
  { what: 'a private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  {
    what: '.env content (a secret variable with its value)',
    pattern:
      /\b(?:JWT_SECRET|RAZORPAY_KEY_SECRET|RAZORPAY_WEBHOOK_SECRET|ADMIN_PASSWORD|METRICS_TOKEN|[A-Z]+_API_KEY)\s*=\s*["']?[^\s"'$]{6,}/,
  },
];

/** Secret values to look for: demo credentials, local .env files, this environment, generated secrets. */
export function knownSecrets(root: string, env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    secrets.set(account.password, `the demo password of ${account.email}`);
  }
  const add = (name: string, value: string | undefined, source: string) => {
    if (!value || value.length < 8 || PUBLIC_NAMES.has(name) || !SECRET_NAME.test(name)) return;
    secrets.set(value, `${name} from ${source}`);
  };
  for (const file of ['.env', '.env.local', '.env.production', '.env.production.local']) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    for (const line of fs.readFileSync(full, 'utf8').split('\n')) {
      const match = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line);
      if (match) add(match[1]!, match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2'), file);
    }
  }
  for (const [name, value] of Object.entries(env)) add(name, value, 'the environment');
  const generated = path.join(path.resolve(root, env.DATA_DIR ?? 'data'), 'secrets.json');
  if (fs.existsSync(generated)) {
    const stored = JSON.parse(fs.readFileSync(generated, 'utf8')) as Record<string, string>;
    for (const [name, value] of Object.entries(stored)) add(name, value, generated);
  }
  return secrets;
}

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every secret in `dir`'s files; an empty list means the bundle is clean. */
export function scanBundle(dir: string, secrets: Map<string, string>): Finding[] {
  const findings: Finding[] = [];
  for (const file of files(dir)) {
    const rel = path.relative(dir, file);
    const base = path.basename(file);
    if (base.startsWith('.env') || base === 'secrets.json') {
      findings.push({ file: rel, what: 'a secrets file shipped with the bundle', line: 0 });
    }
    const text = fs.readFileSync(file).toString('utf8');
    for (const [value, what] of secrets) {
      const at = text.indexOf(value);
      if (at >= 0) findings.push({ file: rel, what, line: lineOf(text, at) });
    }
    for (const { what, pattern } of PATTERNS) {
      const match = pattern.exec(text);
      if (match) findings.push({ file: rel, what, line: lineOf(text, match.index) });
    }
  }
  return findings;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist/web'));
  if (!fs.existsSync(dir)) {
    console.error(`No built web app at ${dir}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const findings = scanBundle(dir, knownSecrets(root));
  if (findings.length === 0) {
    console.log(`Bundle scan: no secrets or demo credentials in ${path.relative(root, dir) || dir}.`);
    return;
  }
  console.error(`Bundle scan: ${findings.length} secret(s) in ${dir}:`);
  for (const f of findings) console.error(`  ${f.file}${f.line ? `:${f.line}` : ''}  ${f.what}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
