import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../support/test-app';

/*
 * Redis goes away and comes back under load (issue 58). Two app instances share their rate limits
 * through a Redis of the test's own (redis-server on a free port, so the machine's Redis is never
 * touched). While it is stopped: no request fails, each instance counts its limits by itself, and
 * /api/ready says it is degraded, with a warning logged once; when it returns, the instances share
 * their counts again.
 */

const LIMIT = 40;
let port: number;
let redis: ChildProcess | null = null;
const apps: TestApp[] = [];
const logs: string[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis() {
  const child = redis!;
  redis = null;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** Waits until every instance reports Redis as `state` in /api/ready. */
async function readyStates(state: 'ok' | 'unavailable') {
  for (let i = 0; i < 200; i++) {
    const states = await Promise.all(
      apps.map(async (a) => (await a.app.inject({ method: 'GET', url: '/api/ready' })).json().data.redis),
    );
    if (states.every((s) => s === state)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the instances never reported Redis ${state}`);
}

/** `count` requests from one address, spread over both instances: their statuses. */
async function burst(count: number, address: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await apps[i % 2]!.app.inject({
      method: 'GET',
      url: '/api/marketplace/categories',
      remoteAddress: address,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  for (let i = 0; i < 2; i++) {
    apps.push(
      await createTestApp({
        env: { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MAX: String(LIMIT), LOG_LEVEL: 'warn' },
        logStream: { write: (line: string) => void logs.push(line) },
      }),
    );
  }
  await readyStates('ok');
});

afterAll(async () => {
  for (const a of apps) await a.close();
  if (redis) await stopRedis();
});

it('shares limits through Redis, counts per instance while it is gone, and shares again when it returns', async () => {
  // Shared: the two instances together let LIMIT requests of one address through in the window.
  const shared = await burst(LIMIT + 10, '10.0.0.1');
  expect(shared.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(shared.slice(LIMIT).every((s) => s === 429)).toBe(true);

  await stopRedis();
  const during = await burst(2 * LIMIT + 10, '10.0.0.2');
  // Nothing fails, and each instance allows LIMIT on its own.
  expect(during.filter((s) => s >= 500)).toEqual([]);
  expect(during.filter((s) => s === 200)).toHaveLength(2 * LIMIT);
  await readyStates('unavailable');
  const ready = (await apps[0]!.app.inject({ method: 'GET', url: '/api/ready' })).json().data;
  expect(ready).toMatchObject({ status: 'degraded', redis: 'unavailable' });
  const warnings = logs.filter((l) => l.includes('rate limits are counted per instance'));
  expect(warnings.length).toBeGreaterThanOrEqual(1);
  expect(warnings.length).toBeLessThanOrEqual(2);

  await startRedis();
  await readyStates('ok');
  expect((await apps[1]!.app.inject({ method: 'GET', url: '/api/ready' })).json().data.status).toBe('ready');
  const again = await burst(LIMIT + 10, '10.0.0.3');
  expect(again.filter((s) => s === 200)).toHaveLength(LIMIT);
});

it('never limits the probes', async () => {
  const statuses = await Promise.all(
    Array.from({ length: LIMIT + 5 }, () =>
      apps[0]!.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' }),
    ),
  );
  expect(statuses.every((r) => r.statusCode === 200)).toBe(true);
});
