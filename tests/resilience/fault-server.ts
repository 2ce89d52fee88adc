import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * A real Promptforge process for the fault tests: `node --import tsx src/server/main.ts` on a
 * database the test chose, killed or stopped by the test. Every process started here is ended by
 * `stopAll` (the suite's afterAll), whatever happened in between.
 */

const running = new Set<ChildProcess>();

export const JWT_SECRET = 'fault-tests-secret-0123456789abcdef-0123456789';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A temporary folder removed by `cleanupTemp`. */
const temps: string[] = [];
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pf-${prefix}-`));
  temps.push(dir);
  return dir;
}

export function cleanupTemp() {
  for (const dir of temps.splice(0)) {
    // A read-only folder left by a test must be made writable again before it can go.
    try {
      fs.chmodSync(dir, 0o755);
      for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) {
        const full = path.join(dir, entry);
        fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o755 : 0o644);
      }
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ServerHandle {
  child: ChildProcess;
  base: string;
  port: number;
  /** stderr and stdout so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  databaseUrl: string;
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** Run as this uid/gid (to make file permissions bite when the tests run as root). */
  uid?: number;
  gid?: number;
  /** Largest file the process may write, in 512-byte blocks (`ulimit -f`): a disk that fills up. */
  fileSizeLimitBlocks?: number;
  /** Do not wait for /api/ready (a start that is expected to fail). */
  noWait?: boolean;
}

export function serverEnv(options: StartOptions, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    // Nothing from the test runner's own configuration leaks into the server under test.
    if (
      /^(DATABASE_URL|TEST_DATABASE_URL|REDIS_URL|SMTP_URL|ADMIN_|ANTHROPIC_|OPENAI_|PERPLEXITY_|RAZORPAY_|VITEST)/.test(
        key,
      )
    )
      delete env[key];
  }
  return {
    ...env,
    NODE_ENV: 'development',
    DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    PLAYGROUND_RATE_LIMIT: '100000000',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    DEMO_MODEL_DELAY_MS: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...options.env,
  };
}

export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const port = options.port ?? (await freePort());
  const node = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  // `ulimit -f` needs a shell; Node ignores SIGXFSZ, so a write past the limit fails with EFBIG
  // (what SQLite sees on a full disk) instead of killing the process.
  const [command, args] =
    options.fileSizeLimitBlocks !== undefined
      ? ['/bin/sh', ['-c', `ulimit -f ${options.fileSizeLimitBlocks} && exec "$@"`, 'sh', ...node]]
      : [node[0]!, node.slice(1)];
  const child = spawn(command as string, args as string[], {
    cwd: process.cwd(),
    env: serverEnv(options, port),
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: options.uid,
    gid: options.gid,
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const handle: ServerHandle = {
    child,
    base,
    port,
    output: () => output,
    exited,
    kill9: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (options.noWait) return handle;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited during start:\n${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return handle;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await handle.kill9();
  throw new Error(`the server did not become ready:\n${output}`);
}

/** Kills every server still running (afterAll). */
export async function stopAll() {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export interface ApiResult {
  status: number;
  body: {
    success?: boolean;
    data?: Record<string, unknown>;
    message?: string;
    code?: string;
    status?: number;
  };
}

/** One JSON call; `status` 0 when the connection failed (server gone). */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<ApiResult> {
  try {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: ApiResult['body'] = {};
    try {
      body = JSON.parse(text) as ApiResult['body'];
    } catch {
      body = { message: text };
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: {} };
  }
}
