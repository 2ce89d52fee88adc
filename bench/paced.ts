import http from 'node:http';

/*
 * An open-loop load at a fixed rate: request i is due at start + i / rate, evenly spread over each
 * second, on at most `connections` keep-alive connections. Its latency is counted from when it was
 * due, not from when a connection was free to send it, so a server that falls behind is charged
 * for the wait (as wrk2 does).
 *
 * autocannon's rate sends each connection's share of a second as fast as it can when the second
 * starts, then waits for the next: at 1 000 req/s and 64 connections the server takes a burst of
 * 64 requests at a time until the second's 1 000 are answered, so its p99 measures the burst, not
 * the rate (decision 021). The mixed workload runs both and reports both.
 */

/** A request of a benchmark scenario (run.ts sends the same ones through autocannon). */
export interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** What the request is, for the mixed workload's latencies by kind (a scenario's id, say). */
  label?: string;
}

/** What a load run measured: latencies in milliseconds. */
export interface Measure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface PacedMeasure extends Measure {
  /** Errors by status code or error code, for the report. */
  errorKinds: Record<string, number>;
  /** Latencies by the requests' labels: where the tail is. */
  byLabel: Record<string, { requests: number; p50: number; p99: number; max: number }>;
}

/** One answered request of a paced run: when it was due (ms since the epoch), its latency, its kind. */
export interface PacedRequest {
  due: number;
  latency: number;
  label: string;
}

export async function pacedLoad(
  port: number,
  requests: Req[],
  opts: { seconds: number; connections: number; rate: number; onAnswer?: (r: PacedRequest) => void },
): Promise<PacedMeasure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.seconds * opts.rate);
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  const labelled = new Map<string, number[]>();
  let errors = 0;
  const errorKinds: Record<string, number> = {};
  const fail = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  let sent = 0;
  let done = 0;
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const finish = () => {
      if (++done === total) resolve();
    };
    const send = (i: number) => {
      const due = start + i * interval;
      const r = requests[i % requests.length]!;
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: r.method,
          path: r.path,
          agent,
          headers: {
            ...r.headers,
            ...(r.body !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) }
              : {}),
          },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const latency = performance.now() - due;
            latencies.push(latency);
            const label = r.label ?? `${r.method} ${r.path}`;
            let list = labelled.get(label);
            if (!list) labelled.set(label, (list = []));
            list.push(latency);
            opts.onAnswer?.({ due: performance.timeOrigin + due, latency, label });
            if (res.statusCode! < 200 || res.statusCode! >= 300) fail(String(res.statusCode));
            finish();
          });
          res.on('error', (err: NodeJS.ErrnoException) => {
            fail(err.code ?? err.message);
            finish();
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        fail(err.code ?? err.message);
        finish();
      });
      req.end(r.body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const quantile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => quantile(latencies, q);
  const byLabel: PacedMeasure['byLabel'] = {};
  for (const [label, list] of labelled) {
    list.sort((a, b) => a - b);
    byLabel[label] = {
      requests: list.length,
      p50: quantile(list, 0.5),
      p99: quantile(list, 0.99),
      max: list[list.length - 1]!,
    };
  }
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
    requests: latencies.length,
    errorKinds,
    byLabel,
  };
}
