import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownSecrets, scanBundle } from '../../../scripts/scan-bundle';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-accounts';
import { type TestApp, createTestApp, testConfig } from '../../support/test-app';

/*
 * No secrets or demo credentials in the production bundle, nor from a production server. The bundle
 * itself is scanned by scripts/scan-bundle.ts right after the build in `npm run test:e2e`; here the
 * scanner is proven on planted secrets, and dist/web is scanned too when a build exists.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-bundle-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function bundle(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(tmp, 'web-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the bundle scanner', () => {
  const secrets = knownSecrets(tmp, {
    JWT_SECRET: 'jwt-secret-from-the-environment-0123456789',
    RAZORPAY_KEY_SECRET: 'rzp-key-secret-value-42',
    PUBLIC_URL: 'https://promptforge.example',
  });

  it('passes a clean bundle', () => {
    const dir = bundle({
      'index.html': '<!doctype html><script src="/assets/index.js"></script>',
      'assets/index.js':
        'const keyId="rzp_test_promptforge";fetch("/api/site/config");console.log("https://promptforge.example")',
    });
    expect(scanBundle(dir, secrets)).toEqual([]);
  });

  it.each([
    [
      'a demo password',
      `const p="${DEMO_ACCOUNTS.user.password}"`,
      'the demo password of demo@promptforge.test',
    ],
    [
      'the admin demo password',
      `x("${DEMO_ACCOUNTS.admin.password}")`,
      'the demo password of admin@promptforge.test',
    ],
    [
      'the JWT secret',
      'var k="jwt-secret-from-the-environment-0123456789"',
      'JWT_SECRET from the environment',
    ],
    ['the Razorpay secret', 'var s="rzp-key-secret-value-42"', 'RAZORPAY_KEY_SECRET from the environment'],
    ['a Razorpay live key', 'var k="rzp_live_AbCdEf123456"', 'a Razorpay live key'],
    ['an Anthropic key', 'var k="sk-ant-api03-abcdefghijklmnopqrstuvwxyz"', 'an Anthropic API key'],
    ['a private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIB', 'a private key'],
    [
      '.env content',
      'const env=`JWT_SECRET=abcdef0123456789\\nPORT=3000`',
      '.env content (a secret variable with its value)',
    ],
  ])('finds %s', (_, text, what) => {
    const dir = bundle({ 'index.html': '<!doctype html>', 'assets/chunk.js': `\n\n${text}\n` });
    expect(scanBundle(dir, secrets)).toEqual([{ file: path.join('assets', 'chunk.js'), what, line: 3 }]);
  });

  it('looks inside source maps, and flags shipped secrets files', () => {
    const dir = bundle({
      'assets/index.js.map': JSON.stringify({ sourcesContent: [`login("${DEMO_ACCOUNTS.admin.password}")`] }),
      '.env': 'PORT=3000\n',
    });
    expect(
      scanBundle(dir, secrets)
        .map((f) => f.what)
        .sort(),
    ).toEqual(['a secrets file shipped with the bundle', 'the demo password of admin@promptforge.test']);
  });

  it('reads secret values from a local .env file and the generated secrets', () => {
    const root = fs.mkdtempSync(path.join(tmp, 'root-'));
    fs.writeFileSync(
      path.join(root, '.env'),
      'PORT=3000\nJWT_SECRET="from-the-dot-env-file-0123"\nexport METRICS_TOKEN=metrics-from-env-file\n',
    );
    fs.mkdirSync(path.join(root, 'data'));
    fs.writeFileSync(
      path.join(root, 'data', 'secrets.json'),
      JSON.stringify({ JWT_SECRET: 'generated-secret-abc123' }),
    );
    const found = knownSecrets(root, {});
    expect(found.get('from-the-dot-env-file-0123')).toBe('JWT_SECRET from .env');
    expect(found.get('metrics-from-env-file')).toBe('METRICS_TOKEN from .env');
    expect(found.get('generated-secret-abc123')).toMatch(/^JWT_SECRET from .*secrets\.json$/);
    expect(found.has('3000')).toBe(false);
  });
});

// The real build is scanned by scripts/scan-bundle.ts, which `npm run test:e2e` runs right after `vite build`.

describe('a production server', () => {
  let production: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    // The demo accounts exist in this database: production mode must still not reveal them.
    production = await createTestApp({
      demo: true,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://pf.example', MAIL_TRANSPORT: 'log', DEMO: 'false' },
    });
    demo = await createTestApp({ demo: true, env: { DEMO: 'true' } });
  });
  afterAll(async () => {
    await production.close();
    await demo.close();
  });

  it('is not in demo mode unless told so', () => {
    expect(
      testConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://pf.example',
        MAIL_TRANSPORT: 'log',
        DEMO: '',
      }).demo,
    ).toBe(false);
  });

  it('exposes no demo credentials from /api/site/config', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ demo: false, demoAccounts: null });
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      expect(res.body).not.toContain(account.password);
      expect(res.body).not.toContain(account.email);
    }
  });

  it('while demo mode does share them (the control the test above depends on)', async () => {
    const res = await demo.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.json().data.demoAccounts.user.password).toBe(DEMO_ACCOUNTS.user.password);
  });

  it('does not serve its configuration or secrets files', async () => {
    for (const url of ['/.env', '/data/secrets.json', '/secrets.json', '/package.json', '/.git/config']) {
      const res = await production.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain(testConfig().jwtSecret);
      expect(res.body).not.toMatch(/JWT_SECRET|"dependencies"|\[core\]/);
    }
  });
});
