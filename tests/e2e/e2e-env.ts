import path from 'node:path';

/**
 * Where the e2e server keeps its database: one folder per port, so two suites running at once (on
 * different E2E_PORTs) never share data. scripts/e2e-server.ts uses the same rule.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DB_FILE = path.resolve(`.tmp/e2e-data-${E2E_PORT}/promptforge.db`);

/**
 * The webhook secret the e2e server's test gateway checks Razorpay's signature with, so a spec can
 * send the webhook Razorpay would (a reversed Route transfer) signed as Razorpay signs it.
 */
export const E2E_WEBHOOK_SECRET = 'e2e-razorpay-webhook-secret-0123456789';
