import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAi, fakeAiEnv, startFakeAi } from '../../support/fake-ai';
import { type TestApp, createTestApp } from '../../support/test-app';
import { apiHelpers } from '../../support/api';

/*
 * /api/metrics: Prometheus text behind METRICS_TOKEN, absent without it. Requests, latencies, errors,
 * AI provider calls and failures, payments, jobs and mail are counted as they happen.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
let fake: FakeAi;
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({
    demo: true,
    env: {
      ...fakeAiEnv(fake),
      METRICS_TOKEN: TOKEN,
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      PLAYGROUND_RATE_LIMIT: '10000',
      AI_TIMEOUT_MS: '1500',
    },
    extend: (app) => {
      app.get('/api/test-crash', async () => {
        throw new Error('boom');
      });
    },
  });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await fake.close();
});

const h = apiHelpers(() => t);
const { call } = h;

async function scrape(): Promise<string> {
  const res = await call('GET', '/api/metrics', TOKEN);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series (0 when absent); labels must be given in the order they are written. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const signUp = async () => (await h.signUp('Mel Metrics')).token;

describe('/api/metrics access', () => {
  it('does not exist without METRICS_TOKEN configured', async () => {
    const res = await bare.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND_ERROR');
  });

  it('refuses no token, a wrong token and a user session token with 401', async () => {
    const user = await signUp();
    for (const token of [undefined, 'wrong-token-wrong-token-wrong', `${TOKEN}x`, TOKEN.slice(0, -1), user]) {
      const res = await call('GET', '/api/metrics', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'AUTHENTICATION_ERROR' });
      expect(res.body).not.toContain('promptforge_http_requests_total');
    }
  });

  it('answers Prometheus text with the right token', async () => {
    const res = await call('GET', '/api/metrics', TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE promptforge_http_requests_total counter');
    expect(res.body).toContain('# TYPE promptforge_http_request_duration_seconds histogram');
    // prom-client's process and Node.js metrics: memory, event-loop delay, garbage collection.
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_p99_seconds [0-9.e+-]+$/m);
    expect(res.body).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    // Every sample line is `name{labels} number`, in the exposition format's grammar.
    for (const line of res.body.trim().split('\n')) {
      if (line.startsWith('#') || line === '') continue;
      expect(line).toMatch(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_]\w*="[^"]*"(,[a-zA-Z_]\w*="[^"]*")*\})? -?[0-9.e+-]+$/,
      );
    }
  });
});

describe('what is counted', () => {
  it('counts requests by method, route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const series =
      'promptforge_http_requests_total{method="GET",route="/api/marketplace/prompts/:id",status="404"}';
    await call('GET', '/api/marketplace/prompts/no-such-prompt');
    await call('GET', '/api/marketplace/prompts/another-missing-one');
    const after = await scrape();
    expect(value(after, series) - value(before, series)).toBe(2);
    // The raw URL never becomes a label.
    expect(after).not.toContain('no-such-prompt');
    const count =
      'promptforge_http_request_duration_seconds_count{method="GET",route="/api/marketplace/prompts/:id"}';
    const inf =
      'promptforge_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/marketplace/prompts/:id"}';
    expect(value(after, count) - value(before, count)).toBe(2);
    expect(value(after, inf)).toBe(value(after, count));
    expect(
      value(
        after,
        'promptforge_http_request_duration_seconds_sum{method="GET",route="/api/marketplace/prompts/:id"}',
      ),
    ).toBeGreaterThan(0);
  });

  it('counts server errors', async () => {
    const series = 'promptforge_http_errors_total{method="GET",route="/api/test-crash",status="500"}';
    const before = value(await scrape(), series);
    expect((await call('GET', '/api/test-crash')).statusCode).toBe(500);
    expect(value(await scrape(), series) - before).toBe(1);
  });

  it('counts AI provider calls and failures by model', async () => {
    const token = await signUp();
    const calls = (outcome: string) =>
      `promptforge_ai_provider_calls_total{model="claude",outcome="${outcome}"}`;
    const failures = 'promptforge_ai_provider_failures_total{model="claude"}';
    const before = await scrape();
    fake.next({ kind: 'reply', text: 'Fine, thanks.' }, { kind: 'status', status: 500, times: 3 });
    const ok = await call('POST', '/api/playground/chat', token, {
      message: 'How are you?',
      model: 'claude',
    });
    expect(ok.statusCode).toBe(200);
    const failed = await call('POST', '/api/playground/chat', token, { message: 'Again?', model: 'claude' });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const after = await scrape();
    expect(value(after, calls('complete')) - value(before, calls('complete'))).toBe(1);
    expect(value(after, calls('error')) - value(before, calls('error'))).toBe(1);
    expect(value(after, failures) - value(before, failures)).toBe(1);
  });

  it('counts payments by status through the test gateway', async () => {
    const token = await signUp();
    const pay = (status: string) => `promptforge_payments_total{status="${status}"}`;
    const before = await scrape();
    const plan = (await call('GET', '/api/payments/plans')).json().data.plans[1];
    const declined = (await call('POST', '/api/payments/create-order', token, { planId: plan.id })).json()
      .data;
    expect(
      (
        await call('POST', '/api/payments/test-gateway/pay', token, {
          orderId: declined.orderId,
          outcome: 'fail',
        })
      ).statusCode,
    ).toBe(402);
    const order = (await call('POST', '/api/payments/create-order', token, { planId: plan.id })).json().data;
    const signed = (
      await call('POST', '/api/payments/test-gateway/pay', token, {
        orderId: order.orderId,
        outcome: 'succeed',
      })
    ).json().data;
    expect((await call('POST', '/api/payments/verify', token, signed)).statusCode).toBe(200);
    // A replayed verify grants nothing more, and is not counted again.
    expect((await call('POST', '/api/payments/verify', token, signed)).statusCode).toBe(200);
    const after = await scrape();
    expect(value(after, pay('created')) - value(before, pay('created'))).toBe(2);
    expect(value(after, pay('failed')) - value(before, pay('failed'))).toBe(1);
    expect(value(after, pay('paid')) - value(before, pay('paid'))).toBe(1);
  });

  it('counts mail and the jobs that send it', async () => {
    const mail = (outcome: string) => `promptforge_mail_total{outcome="${outcome}"}`;
    const sent = 'promptforge_jobs_total{queue="mail-send",outcome="completed"}';
    const before = await scrape();
    await call('POST', '/api/auth/forgot-password', undefined, { email: 'demo@promptforge.test' });
    // The reset mail is queued with its token, then the job writes it to the log (no SMTP_URL here).
    await expect
      .poll(async () => value(await scrape(), mail('logged')) - value(before, mail('logged')), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    const after = await scrape();
    expect(value(after, mail('queued')) - value(before, mail('queued'))).toBeGreaterThanOrEqual(1);
    expect(value(after, sent) - value(before, sent)).toBeGreaterThanOrEqual(1);
  });
});
