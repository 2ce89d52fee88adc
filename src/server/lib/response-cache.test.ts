import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { catalogueVersionReader } from './response-cache';

/** A PostgreSQL-like database whose version read takes `delayMs` and is counted. */
function fakePostgres(delayMs: number) {
  const state = { version: 1, reads: 0, sent: [] as number[] };
  const database = {
    engine: 'postgres',
    db: {
      executeQuery: async () => {
        state.reads++;
        // What the database sees is the version when the query reaches it, not when it answers.
        const seen = state.version;
        state.sent.push(seen);
        await new Promise((r) => setTimeout(r, delayMs));
        return { rows: [{ content: String(seen), membership: String(seen) }] };
      },
    },
  } as unknown as Database;
  return { database, state };
}

describe('catalogueVersionReader on PostgreSQL', () => {
  it('gives the callers of one event-loop turn one shared read', async () => {
    const { database, state } = fakePostgres(5);
    const read = catalogueVersionReader(database);
    const versions = await Promise.all([read(), read(), read(), read()]);
    expect(versions.map((v) => v.content)).toEqual([1, 1, 1, 1]);
    expect(state.reads).toBe(1);
  });

  it('never hands a caller a read sent before it arrived (a write between is seen)', async () => {
    const { database, state } = fakePostgres(20);
    const read = catalogueVersionReader(database);
    const first = read();
    // Wait until the first read has been sent, then a write commits and a new caller arrives.
    while (state.reads === 0) await new Promise((r) => setImmediate(r));
    state.version = 2;
    const second = read();
    expect((await first).content).toBe(1);
    expect((await second).content).toBe(2);
    expect(state.reads).toBe(2);
  });
});
