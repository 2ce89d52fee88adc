import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/support/factories';
import { createTestDatabase, testEngine } from '../../../tests/support/test-db';
import type { Database } from './database';
import { changedRows, compiledOnce, compiledOnceRow, precompiled, precompiledRows } from './precompiled';
import { preparedName } from './prepared';

/* Queries compiled once answer with each call's own arguments; PostgreSQL keeps them prepared. */

describe(`precompiled queries (${testEngine})`, () => {
  let database: Database;
  const users: { id: string; name: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const name of ['Ada', 'Grace', 'Edsger']) users.push(await insertUser(database.db, { name }));
  });
  afterAll(() => database.close());

  it('answer each call with its own arguments, and keep the query’s other parameters', async () => {
    const byId = precompiled<[id: string], { name: string }>(database.db, 1, (id) =>
      database.db.selectFrom('users').select('name').where('id', '=', id).where('status', '=', 'active'),
    );
    for (let round = 0; round < 3; round++) {
      for (const user of users) expect(await byId(user.id)).toEqual({ name: user.name });
    }
    expect(await byId('no-such-user')).toBeUndefined();
    await database.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', users[0]!.id)
      .execute();
    expect(await byId(users[0]!.id)).toBeUndefined();
    await database.db.updateTable('users').set({ status: 'active' }).where('id', '=', users[0]!.id).execute();
  });

  it('refuse a query that leaves an argument out', () => {
    expect(() =>
      precompiled<[id: string, name: string], { name: string }>(database.db, 2, (id) =>
        database.db.selectFrom('users').select('name').where('id', '=', id),
      ),
    ).toThrow(/does not use all of its 2 arguments/);
  });

  it('compiled once per dialect, run on the database or inside a transaction, with each call’s arguments', async () => {
    const nameOf = compiledOnceRow(1, (db, id: string) =>
      db.selectFrom('users').select('name').where('id', '=', id),
    );
    const rename = compiledOnce(2, (db, id: string, name: string) =>
      db.updateTable('users').set({ name }).where('id', '=', id).where('status', '=', 'active'),
    );
    const [ada, grace] = users;
    expect(await nameOf(database.db, ada!.id)).toEqual({ name: 'Ada' });
    expect(await nameOf(database.db, grace!.id)).toEqual({ name: 'Grace' });
    expect(await nameOf(database.db, 'no-such-user')).toBeUndefined();

    await expect(
      database.db.transaction().execute(async (trx) => {
        // A write reports the rows it changed; the transaction reads its own uncommitted write.
        expect(changedRows(await rename(trx, ada!.id, 'Ada L.'))).toBe(1);
        expect(changedRows(await rename(trx, 'no-such-user', 'Nobody'))).toBe(0);
        expect(await nameOf(trx, ada!.id)).toEqual({ name: 'Ada L.' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Rolled back with its transaction: the write ran on it, not beside it.
    expect(await nameOf(database.db, ada!.id)).toEqual({ name: 'Ada' });
  });

  it('refuse a query compiled once that leaves an argument out', async () => {
    const byId = compiledOnceRow(2, (db, id: string, _name: string) =>
      db.selectFrom('users').select('name').where('id', '=', id),
    );
    await expect(byId(database.db, users[0]!.id, 'Ada')).rejects.toThrow(
      /does not use all of its 2 arguments/,
    );
  });

  if (testEngine === 'postgres') {
    it('run as one named statement per connection on PostgreSQL, whatever the number of array values', async () => {
      await database.db.connection().execute(async (connection) => {
        const names = precompiledRows<[ids: string[]], { name: string }>(connection, 1, (ids) =>
          connection
            .selectFrom('users')
            .select('name')
            .where(sql<boolean>`${sql.ref('id')} = any(${ids})`)
            .orderBy('name'),
        );
        expect(await names([users[0]!.id])).toEqual([{ name: 'Ada' }]);
        expect(await names(users.map((u) => u.id))).toEqual([
          { name: 'Ada' },
          { name: 'Edsger' },
          { name: 'Grace' },
        ]);
        expect(await names([])).toEqual([]);
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(connection);
        // One statement for every call, under the name the app gave its text.
        const ours = rows.filter((row) => row.statement.includes('= any($1)'));
        expect(ours).toHaveLength(1);
        expect(preparedName(ours[0]!.statement)).toBe(ours[0]!.name);
      });
    });

    it('answer after a migration added a column under a prepared `select *`, on every connection', async () => {
      type Scratch = { scratch_notes: { id: string; body: string; extra?: string | null } };
      const db = database.db.withTables<Scratch>();
      await sql`create table scratch_notes (id text primary key, body text not null)`.execute(db);
      await db.insertInto('scratch_notes').values({ id: 'a', body: 'first' }).execute();
      const note = precompiled<[id: string], Record<string, unknown>>(database.db, 1, (id) =>
        db.selectFrom('scratch_notes').selectAll().where('id', '=', id),
      );
      // Prepared on every connection of the pool (four in tests), then the table changes.
      expect(await Promise.all([1, 2, 3, 4, 5, 6].map(() => note('a')))).toEqual(
        Array.from({ length: 6 }, () => ({ id: 'a', body: 'first' })),
      );
      await sql`alter table scratch_notes add column extra text default 'x'`.execute(db);
      for (let round = 0; round < 3; round++) {
        expect(await Promise.all([1, 2, 3, 4, 5, 6].map(() => note('a')))).toEqual(
          Array.from({ length: 6 }, () => ({ id: 'a', body: 'first', extra: 'x' })),
        );
      }
    });
  }
});
