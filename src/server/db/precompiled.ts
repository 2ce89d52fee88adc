import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { keepPrepared } from './prepared';
import type { DB } from './types';

/**
 * A query built and compiled once, for the hottest paths (every request, every chat turn): Kysely
 * builds and compiles each query afresh, which costs more than SQLite takes to run a small one.
 * `build` is called once with a placeholder for each argument; each call then binds the real values
 * in their places, and keeps the query's other parameters as they were compiled. PostgreSQL keeps
 * its text prepared on each connection (prepared.ts). Answers every row.
 */
export function precompiledRows<Args extends unknown[], Row>(
  db: Kysely<DB>,
  arity: Args['length'],
  build: (...args: string[]) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000precompiled-${i}`);
  const template = build(...placeholders).compile();
  const slots = template.parameters.map((p) => placeholders.indexOf(p as string));
  if (placeholders.some((_, i) => !slots.includes(i))) {
    throw new Error(`precompiled query does not use all of its ${arity} arguments: ${template.sql}`);
  }
  keepPrepared(template.sql);
  return (...args) => {
    const parameters = slots.map((slot, i) => (slot === -1 ? template.parameters[i] : args[slot]));
    return db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters)).then(rowsOf);
  };
}

/** precompiledRows for a query of one row at most: answers it, or undefined. */
export function precompiled<Args extends unknown[], Row>(
  db: Kysely<DB>,
  arity: Args['length'],
  build: (...args: string[]) => Compilable<Row>,
): (...args: Args) => Promise<Row | undefined> {
  const run = precompiledRows<Args, Row>(db, arity, build);
  return (...args) => run(...args).then(first);
}

const rowsOf = <Row>(result: { rows: Row[] }): Row[] => result.rows;
const first = <Row>(rows: Row[]): Row | undefined => rows[0];
