import fs from 'node:fs';
import path from 'node:path';
import { E2E_WEBHOOK_SECRET } from '../tests/e2e/e2e-env';

/*
 * Starts the built app for the Playwright suite on a fresh demo database, so every run sees the same
 * data. Runs the same entry point as `npm start`.
 */
// One folder per port (tests/e2e/e2e-env.ts finds it the same way), so parallel suites never collide.
const dataDir = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? process.env.PORT ?? 4173}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.DEMO = 'true';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
// The suite makes many calls from one address in a short time.
process.env.RATE_LIMIT_MAX ??= '100000';
process.env.AUTH_RATE_LIMIT_PER_ADDRESS ??= '100000';
// Specs sign the gateway's webhooks with it (tests/e2e/e2e-env.ts).
process.env.RAZORPAY_WEBHOOK_SECRET ??= E2E_WEBHOOK_SECRET;
await import('../src/server/main');
