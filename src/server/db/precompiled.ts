import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { keepPrepared } from './prepared';
import type { DB } from './types';

/*
 * Queries built and compiled once, for the hot paths: Kysely builds and compiles each query afresh,
 * which costs more than SQLite takes to run a small one (6-24 µs a query here, decision 028). A
 * query is built once with a placeholder for each argument; each call then binds the real values in
 * their places, and keeps the query's other parameters as they were compiled. PostgreSQL keeps the
 * text prepared on each connection (prepared.ts).
 */

interface Template {
  sql: string;
  parameters: readonly unknown[];
  /** Per parameter, the argument it takes, or -1 for a parameter kept as compiled. */
  slots: number[];
}

function template(arity: number, build: (...placeholders: string[]) => Compilable<unknown>): Template {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000precompiled-${i}`);
  const compiled = build(...placeholders).compile();
  const slots = compiled.parameters.map((p) => placeholders.indexOf(p as string));
  if (placeholders.some((_, i) => !slots.includes(i))) {
    throw new Error(`precompiled query does not use all of its ${arity} arguments: ${compiled.sql}`);
  }
  keepPrepared(compiled.sql);
  return { sql: compiled.sql, parameters: compiled.parameters, slots };
}

function bind<Row>(t: Template, args: readonly unknown[]): CompiledQuery<Row> {
  const parameters = t.slots.map((slot, i) => (slot === -1 ? t.parameters[i] : args[slot]));
  return CompiledQuery.raw(t.sql, parameters) as CompiledQuery<Row>;
}

/** A query compiled once for `db`, run on it. Answers every row. */
export function precompiledRows<Args extends unknown[], Row>(
  db: Kysely<DB>,
  arity: Args['length'],
  build: (...args: string[]) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const t = template(arity, build);
  return (...args) => db.executeQuery(bind<Row>(t, args)).then(rowsOf);
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

/**
 * A query compiled once per SQL dialect and run on whichever database or transaction a call gives,
 * as the repositories' functions take theirs: `build` gets a database of the dialect and one
 * placeholder per argument (typed as the arguments, whatever their type: only their places in the
 * compiled query count). Answers the driver's result: its rows, and the rows a write changed.
 */
export function compiledOnce<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<QueryResult<Row>> {
  // By the dialect's adapter class: a transaction is another Kysely instance of the same dialect.
  const templates = new Map<unknown, Template>();
  return (db, ...args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let t = templates.get(dialect);
    if (t === undefined) {
      try {
        t = template(arity, (...placeholders) => build(db, ...(placeholders as Args)));
      } catch (err) {
        return Promise.reject(err as Error);
      }
      templates.set(dialect, t);
    }
    return db.executeQuery(bind<Row>(t, args));
  };
}

/** compiledOnce for a query of one row at most: answers it, or undefined. */
export function compiledOnceRow<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row | undefined> {
  const run = compiledOnce<Args, Row>(arity, build);
  return (db, ...args) => run(db, ...args).then((result) => result.rows[0]);
}

/** How many rows a write compiled once changed (inserted, updated or deleted). */
export const changedRows = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0);

const rowsOf = <Row>(result: { rows: Row[] }): Row[] => result.rows;
const first = <Row>(rows: Row[]): Row | undefined => rows[0];

/**
 * The rows for some keys: by the statement for one key when there is one, else by the one for a
 * list. PostgreSQL plans a prepared `= any($1)` text again on every call, or on many (its generic
 * plan is costed for a list of ten and seldom beats a custom plan for fewer): 0.25-0.8 ms a call
 * here (decision 009). A statement for one key is planned once a connection. A quiet server's turns
 * ask for one key; a busy one's share the planning among many.
 */
export async function oneOrMany<Row>(
  keys: string[],
  one: (key: string) => Promise<Row | undefined>,
  many: (keys: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (keys.length !== 1) return many(keys);
  const row = await one(keys[0]!);
  return row === undefined ? [] : [row];
}
