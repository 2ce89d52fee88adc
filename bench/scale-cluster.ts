import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProcess } from './processes';

/*
 * The cluster part of `npm run bench:scale`: two app instances on one PostgreSQL database and one
 * Redis, behind a round-robin balancer (a bare node:http proxy, as simple as a balancer gets). A mixed
 * workload of reads and writes goes through the balancer; then every write made through it (accounts,
 * likes) is read back from each instance directly. Target: no errors, every write seen on both.
 */

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_SCALE_PG_DATABASE ?? 'promptforge_bench_scale';
/** A Redis database of its own, so the run never meets another process's keys. */
const REDIS_URL = process.env.BENCH_SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const SECONDS = 20;
const WRITERS = 40;

interface Options {
  appEnv(port: number, extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  log(line: string): void;
  root: string;
  basePort: number;
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return PG_ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
}

/** Round robin over `targets`, request by request, with kept-alive connections. */
function startBalancer(port: number, targets: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  let errors = 0;
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      errors++;
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<{ close(): void; errors(): number }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () => {
          server.close();
          agent.destroy();
        },
        errors: () => errors,
      }),
    ),
  );
}

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; data: T }> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

export async function measureCluster(o: Options) {
  const url = await freshDatabase();
  const [balancerPort, a, b] = [o.basePort, o.basePort + 1, o.basePort + 2];
  const children: ChildProcess[] = [];
  const env = (port: number) =>
    o.appEnv(port, {
      DATABASE_URL: url,
      REDIS_URL,
      DEMO: 'true',
      DATA_DIR: path.join(o.root, 'scale-cluster'),
    });
  try {
    // The first instance migrates and seeds; the second starts on the database it left.
    for (const [port, core] of [
      [a, 0],
      [b, 1],
    ] as const) {
      children.push(
        await startProcess(
          ['--import', 'tsx', 'src/server/main.ts'],
          env(port),
          `http://127.0.0.1:${port}/api/ready`,
          core,
          path.join(o.root, `scale-cluster-${port}.log`),
          180_000,
        ),
      );
    }
    const balancer = await startBalancer(balancerPort, [a, b]);
    const via = `http://127.0.0.1:${balancerPort}/api`;
    o.log(
      `\nCluster: two instances (PostgreSQL, Redis) behind a round-robin balancer, ${SECONDS} s of mixed load`,
    );

    const list = await json<{ prompts: { id: string }[] }>(`${via}/marketplace/prompts?limit=20`);
    const ids = list.data.prompts.map((p) => p.id);
    const reads = [
      '/api/marketplace/prompts?limit=20',
      '/api/marketplace/prompts?sort=rating&limit=20',
      '/api/marketplace/prompts?search=email&limit=20',
      ...ids.slice(0, 5).map((id) => `/api/marketplace/prompts/${id}`),
      '/api/marketplace/categories',
      '/api/payments/plans',
    ].map((p) => ({ method: 'GET' as const, path: p }));

    // Writers: each signs up through the balancer and likes prompts while the reads run.
    const writes: { token: string; liked: string[] }[] = [];
    let writeErrors = 0;
    const writer = async (n: number) => {
      const reg = await json<{ token: string }>(`${via}/auth/register`, {
        method: 'POST',
        body: JSON.stringify({
          name: `Scale Writer ${n}`,
          email: `scale-${n}-${Date.now()}@example.test`,
          password: 'scale-pass-123',
        }),
      });
      if (reg.status !== 201) return void writeErrors++;
      const mine = { token: reg.data.token, liked: [] as string[] };
      writes.push(mine);
      for (const id of ids.slice(n % 5, (n % 5) + 4)) {
        const like = await json(`${via}/marketplace/prompts/${id}/like`, {
          method: 'POST',
          headers: { authorization: `Bearer ${mine.token}` },
          body: JSON.stringify({ liked: true }),
        });
        if (like.status === 200) mine.liked.push(id);
        else writeErrors++;
      }
    };
    const load = autocannon({
      url: `http://127.0.0.1:${balancerPort}`,
      connections: 32,
      duration: SECONDS,
      requests: reads,
    });
    const writing = (async () => {
      for (let n = 0; n < WRITERS; n++) {
        await writer(n);
        await new Promise((r) => setTimeout(r, (SECONDS * 1000) / WRITERS / 2));
      }
    })();
    const [result] = await Promise.all([load, writing]);

    // Every write, read on each instance directly.
    let unseen = 0;
    for (const w of writes) {
      for (const port of [a, b]) {
        const me = await json(`http://127.0.0.1:${port}/api/auth/me`, {
          headers: { authorization: `Bearer ${w.token}` },
        });
        if (me.status !== 200) unseen++;
        for (const id of w.liked) {
          const page = await json<{ access: { liked: boolean } }>(
            `http://127.0.0.1:${port}/api/marketplace/prompts/${id}`,
            {
              headers: { authorization: `Bearer ${w.token}` },
            },
          );
          if (page.status !== 200 || page.data.access.liked !== true) unseen++;
        }
      }
    }
    balancer.close();
    const errors = result.errors + result.non2xx + balancer.errors() + writeErrors;
    const likes = writes.reduce((n, w) => n + w.liked.length, 0);
    const ok = errors === 0 && unseen === 0 && writes.length === WRITERS;
    o.log(
      `  reads ${result.requests.total} (${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms), ` +
        `errors ${errors}; ${writes.length} sign-ups and ${likes} likes written through the balancer, ` +
        `${unseen} not seen on one of the instances\n  ${ok ? 'ok' : 'OVER'}`,
    );
    return {
      ok,
      result: {
        seconds: SECONDS,
        reads: result.requests.total,
        readsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        errors,
        signUps: writes.length,
        likes,
        unseen,
      },
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}
