import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/** The values a premium try filled into the prompt, so every later turn runs the same prompt. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('playground_sessions')
    .addColumn('prompt_variables', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playground_sessions').dropColumn('prompt_variables').execute();
}
