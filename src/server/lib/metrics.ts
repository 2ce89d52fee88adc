/*
 * Process-wide counters for /api/metrics (Prometheus text format). The HTTP figures are recorded by
 * plugins/metrics.ts; services record their own events with one call (`metrics.providerCall(...)`,
 * `metrics.payment(...)`). Counters live in this process: each instance is scraped on its own, and a
 * restart resets them, which Prometheus' rate() understands.
 */

/** Request latency buckets, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Labels = Record<string, string>;

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1, key = labelText(labels)) {
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, { value }] of this.values) lines.push(`${this.name}${key} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly values = new Map<
    string,
    { labels: Labels; buckets: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: number[],
  ) {}
  observe(labels: Labels, value: number, key = labelText(labels)) {
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]!) entry.buckets[i]!++;
    entry.sum += value;
    entry.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.values.values()) {
      this.bounds.forEach((bound, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${buckets[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${Number(sum.toFixed(6))}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

const requests = new Counter(
  'promptforge_http_requests_total',
  'HTTP requests answered, by method, route and status.',
);
const duration = new Histogram(
  'promptforge_http_request_duration_seconds',
  'Time to answer an HTTP request, by method and route.',
  LATENCY_BUCKETS,
);
const errors = new Counter(
  'promptforge_http_errors_total',
  'HTTP requests answered with a server error (5xx), by method, route and status.',
);
const providerCalls = new Counter(
  'promptforge_ai_provider_calls_total',
  'Playground replies asked of an AI model, by model and outcome (complete, incomplete, error).',
);
const providerFailures = new Counter(
  'promptforge_ai_provider_failures_total',
  'Playground replies that failed (provider error, timeout or empty reply), by model.',
);
const payments = new Counter(
  'promptforge_payments_total',
  'Payment events, by status: created (checkout order), paid (granted), failed, refunded.',
);

/**
 * The label sets of each method, route and status, written out once: every request records one.
 * Bounded like the series themselves (routes are patterns, never raw URLs).
 */
const requestSeries = new Map<string, { labels: Labels; key: string; timed: Labels; timedKey: string }>();

export const metrics = {
  /** One answered HTTP request (recorded by plugins/metrics.ts). */
  request(method: string, route: string, status: number, seconds: number) {
    const id = `${method} ${status} ${route}`;
    let series = requestSeries.get(id);
    if (!series) {
      const labels = { method, route, status: String(status) };
      const timed = { method, route };
      series = { labels, key: labelText(labels), timed, timedKey: labelText(timed) };
      requestSeries.set(id, series);
    }
    requests.inc(series.labels, 1, series.key);
    duration.observe(series.timed, seconds, series.timedKey);
    if (status >= 500) errors.inc(series.labels, 1, series.key);
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
  /** Everything, in the Prometheus text exposition format (version 0.0.4). */
  render(): string {
    const memory = process.memoryUsage();
    const lines = [
      ...requests.render(),
      ...duration.render(),
      ...errors.render(),
      ...providerCalls.render(),
      ...providerFailures.render(),
      ...payments.render(),
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
      '# HELP nodejs_heap_used_bytes V8 heap in use, in bytes.',
      '# TYPE nodejs_heap_used_bytes gauge',
      `nodejs_heap_used_bytes ${memory.heapUsed}`,
      '# HELP process_uptime_seconds Seconds since the process started.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${Math.round(process.uptime())}`,
    ];
    return `${lines.join('\n')}\n`;
  },
};
