import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * Runs the real entry point (src/server/main.ts) as a process and sends it SIGTERM while a request is
 * half sent: the request must still be answered, new connections refused, and the process exit 0.
 */

const port = 40_000 + (process.pid % 10_000);
let child: ChildProcess | null = null;

afterEach(() => {
  child?.kill('SIGKILL');
  child = null;
});

function waitForReady(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Promptforge is running')) resolve();
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    proc.once('exit', (code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
}

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, refuses new connections, and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-shutdown-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: 'false',
        JWT_SECRET: 'shutdown-test-secret-0123456789-0123456789',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await waitForReady(child);

    const body = JSON.stringify({ name: 'Late Larry', email: 'larry@x.test', message: 'Still there?' });
    const socket = await connect();
    let response = '';
    socket.on('data', (c: Buffer) => (response += c.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    // Let the server start the request before it is told to stop.
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    await expect(connect()).rejects.toThrow(/ECONNREFUSED/);

    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 201/);
    expect(response).toContain('Message Sent!');
    expect(await exited).toBe(0);
    // Closed to the end: the WAL checkpoint thread stopped, then the app's connection, the last to
    // close, copied the WAL into the database and removed it (decision 026).
    expect(fs.existsSync(path.join(dataDir, 'promptforge.db-wal'))).toBe(false);
    const db = new SQLite(path.join(dataDir, 'promptforge.db'), { readonly: true });
    expect(db.prepare('select count(*) as n from contact_messages').get()).toEqual({ n: 1 });
    db.close();
  });
});
