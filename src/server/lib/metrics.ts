import client from 'prom-client';

/*
 * Process-wide metrics for /api/metrics, through prom-client: its default process and Node.js
 * metrics (memory, CPU, event-loop delay, GC, handles) and ours. The HTTP figures are recorded by
 * plugins/external/metrics.ts; services record their own events with one call (`metrics.providerCall(...)`,
 * `metrics.payment(...)`). Counters live in this process: each instance is scraped on its own, and a
 * restart resets them, which Prometheus' rate() understands.
 */

/** Request latency buckets, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const requests = new client.Counter({
  name: 'promptforge_http_requests_total',
  help: 'HTTP requests answered, by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const duration = new client.Histogram({
  name: 'promptforge_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route.',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const errors = new client.Counter({
  name: 'promptforge_http_errors_total',
  help: 'HTTP requests answered with a server error (5xx), by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const providerCalls = new client.Counter({
  name: 'promptforge_ai_provider_calls_total',
  help: 'Playground replies asked of an AI model, by model and outcome (complete, incomplete, error).',
  labelNames: ['model', 'outcome'] as const,
  registers: [registry],
});
const providerFailures = new client.Counter({
  name: 'promptforge_ai_provider_failures_total',
  help: 'Playground replies that failed (provider error, timeout or empty reply), by model.',
  labelNames: ['model'] as const,
  registers: [registry],
});
const payments = new client.Counter({
  name: 'promptforge_payments_total',
  help: 'Payment events, by status: created (checkout order), paid (granted), failed, refunded.',
  labelNames: ['status'] as const,
  registers: [registry],
});

const jobRuns = new client.Counter({
  name: 'promptforge_jobs_total',
  help: 'Background job tries, by queue and outcome: completed, retried (failed, will try again), dead (failed its last try).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});
const mails = new client.Counter({
  name: 'promptforge_mail_total',
  help: 'Mail, by outcome: queued, sent (accepted by the SMTP server), logged (MAIL_TRANSPORT=log), failed (a try that failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/**
 * Each method, route and status's series, looked up once: every request records one. Bounded like
 * the series themselves (routes are patterns, never raw URLs).
 */
const requestSeries = new Map<
  string,
  {
    count: ReturnType<typeof requests.labels>;
    time: ReturnType<typeof duration.labels>;
    failed: ReturnType<typeof errors.labels> | null;
  }
>();

export const metrics = {
  /** Prometheus' text exposition format, as /api/metrics answers it. */
  contentType: registry.contentType,
  /** One answered HTTP request (recorded by plugins/external/metrics.ts). */
  request(method: string, route: string, status: number, seconds: number) {
    const id = `${method} ${status} ${route}`;
    let series = requestSeries.get(id);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = {
        count: requests.labels(labels),
        time: duration.labels({ method, route }),
        failed: status >= 500 ? errors.labels(labels) : null,
      };
      requestSeries.set(id, series);
    }
    series.count.inc();
    series.time.observe(seconds);
    series.failed?.inc();
  },
  /** One playground reply from an AI model and how it ended. */
  providerCall(model: string, outcome: 'complete' | 'incomplete' | 'error') {
    providerCalls.inc({ model, outcome });
    if (outcome === 'error') providerFailures.inc({ model });
  },
  /** A payment reached a status. */
  payment(status: 'created' | 'paid' | 'failed' | 'refunded') {
    payments.inc({ status });
  },
  /** A background job's try ended. */
  job(queue: string, outcome: 'completed' | 'retried' | 'dead') {
    jobRuns.inc({ queue, outcome });
  },
  /** A mail was queued, or a try to deliver it ended. */
  mail(outcome: 'queued' | 'sent' | 'logged' | 'failed') {
    mails.inc({ outcome });
  },
  /** Everything, in the Prometheus text format. */
  render: (): Promise<string> => registry.metrics(),
};
