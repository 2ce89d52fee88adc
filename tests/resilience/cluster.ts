import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/*
 * Several Promptforge processes for one test: real `node --import tsx src/server/main.ts` children on
 * their own ports, one shared database (a fresh PostgreSQL database, or one SQLite file in WAL mode),
 * an optional shared Redis, and a round-robin balancer in the test process in front of them.
 */

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for the failure message. */
  output(): string;
}

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SharedDatabase {
  engine: 'postgres' | 'sqlite';
  /** DATABASE_URL for the app processes. */
  url: string;
  /** DATA_DIR for the app processes (SQLite keeps its file there). */
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for the run: a new PostgreSQL database next to `adminUrl` when given, else
 * a SQLite file in a new temp folder. The first app process migrates (and seeds) it.
 */
export async function createSharedDatabase(adminUrl: string | undefined): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-instances-'));
  if (!adminUrl) {
    return {
      engine: 'sqlite',
      url: `file:${path.join(dataDir, 'promptforge.db')}`,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `pf_instances_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    url: url.toString(),
    dataDir,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one app process and resolves once /api/health answers 200. */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  timeoutMs = 45_000,
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // A clean environment: nothing of the test runner's own (TEST_DATABASE_URL, NODE_ENV) leaks in.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c: Buffer) => {
    // Keep the tail only: a chatty process must not grow the test's memory.
    output = (output + c.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  // If the test runner dies before afterAll, the children go with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', (code) => {
    exited = code;
    process.off('exit', orphan);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`${name} exited with ${exited}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { name, url, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`);
}

/** Stops a child: SIGTERM (graceful), then SIGKILL if it has not exited within `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 5000): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface Balancer {
  url: string;
  /** How many requests each upstream received through the balancer. */
  counts: number[];
  close(): Promise<void>;
}

/**
 * A round-robin HTTP balancer: request n goes to upstream n mod k. Like a real proxy it appends the
 * client's address to X-Forwarded-For and streams bodies both ways unchanged.
 */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const counts = upstreams.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const index = next++ % upstreams.length;
    counts[index]! += 1;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      target,
      {
        method: req.method,
        agent,
        headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The webhook secret the built-in test gateway uses: derived from JWT_SECRET, as in config.ts. */
export const testGatewayWebhookSecret = (jwtSecret: string) =>
  crypto.createHmac('sha256', jwtSecret).update('test-gateway-webhook').digest('base64url');
