import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { assertNothingAnswers } from './port';

/*
 * The processes a benchmark starts (the app, the fake provider, the bare server) and what it reads
 * of them: shared by `npm run bench` (run.ts) and `npm run bench:scale` (scale.ts).
 */

/** Whether processes can be pinned to cores (two cores or more, and taskset present). */
export const PIN = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/**
 * Moves this process (the load generator, with every thread it has) to core 1, the app being on
 * core 0; left to the scheduler its threads also ran on the app's core.
 */
export function pinLoadGenerator() {
  if (PIN && spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)]).status !== 0)
    throw new Error('could not pin the load generator to core 1');
}

/** Starts a Node process (pinned to `core` when it can be) and resolves once `readyUrl` answers 200. */
export async function startProcess(
  command: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  core: number | null = 0,
  /** Where the process's standard output goes (discarded when not given). */
  logFile?: string,
  timeoutMs = 60_000,
): Promise<ChildProcess> {
  await assertNothingAnswers(readyUrl, 'is another benchmark running? (BENCH_PORT moves it)');
  const [file, argv] =
    PIN && core !== null
      ? ['taskset', ['-c', String(core), process.execPath, ...command]]
      : [process.execPath, command];
  const child = spawn(file, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'w') : 'ignore', 'pipe'],
  });
  let output = '';
  let exited: number | null | undefined;
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`exited ${exited}: ${output}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`did not start: ${output}`);
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes, from /proc (Linux); null elsewhere. */
export function rssBytes(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** A new user who bought the Premium plan through the test gateway; its bearer token. */
export async function premiumSubscriber(baseUrl: string): Promise<string> {
  const api = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: Record<string, unknown> };
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const token = (await api('/auth/register', { name: 'Bench Runner', email, password: 'bench-pass-123' }))
    .token as string;
  const plans = (await api('/payments/plans', undefined)).plans as { id: string; slug: string }[];
  const premium = plans.find((p) => p.slug === 'premium');
  if (!premium) throw new Error('no Premium plan in the bench database');
  const order = await api('/payments/create-order', { planId: premium.id }, token);
  const signed = await api(
    '/payments/test-gateway/pay',
    { orderId: order.orderId, outcome: 'succeed' },
    token,
  );
  await api('/payments/verify', signed, token);
  return token;
}
