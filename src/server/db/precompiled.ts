import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './types';

/**
 * A query built and compiled once, for the hottest paths (every request, every chat turn): Kysely
 * builds and compiles each query afresh, which costs more than SQLite takes to run a small one.
 * `build` is called once with a placeholder for each argument; each call then binds the real values
 * in their places, and keeps the query's other parameters as they were compiled.
 */
export function precompiled<Args extends string[], Row>(
  db: Kysely<DB>,
  arity: Args['length'],
  build: (...args: string[]) => Compilable<Row>,
): (...args: Args) => Promise<Row | undefined> {
  const placeholders = Array.from({ length: arity }, (_, i) => `\u0000precompiled-${i}`);
  const template = build(...placeholders).compile();
  const slots = template.parameters.map((p) => placeholders.indexOf(p as string));
  if (placeholders.some((_, i) => !slots.includes(i))) {
    throw new Error(`precompiled query does not use all of its ${arity} arguments: ${template.sql}`);
  }
  return async (...args) => {
    const parameters = slots.map((slot, i) => (slot === -1 ? template.parameters[i] : args[slot]));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return rows[0];
  };
}
