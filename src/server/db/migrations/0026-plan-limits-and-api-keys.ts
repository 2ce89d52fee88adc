import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Plans say what they give from what they give, and API keys (issue 59, decision 052).
 *
 * - `plans.api_access` (0/1): the plan's users may make API keys, and their keys work. The seeded
 *   Business plan is sold on it (the spec's plan cards), so it gets it.
 * - `plans.test_budget_minor`: what the plan's creators may spend a month on platform test runs, in
 *   minor units of the currency (product-decisions.md section 4). Seats stay `max_users`, sessions
 *   `session_limit`, models `plan_models` (decision 043).
 * - The seeded plans' features said their sessions in free text; the cards now write them from
 *   `session_limit`, so the text goes, while the features are still exactly as seeded.
 * - `api_keys`: a user's named keys, stored as the SHA-256 of the token (the token itself is shown
 *   once), with their scopes (space-separated), expiry, last use and revocation.
 *
 * The new columns carry CHECK constraints on both engines (SQLite takes a column's CHECK in ADD
 * COLUMN). The texts are copied here, not imported: migrations are frozen.
 */

const PLAN_MAX = 100_000_000;

const SEEDED: Record<string, { before: string[]; after: string[] }> = {
  free: {
    before: [
      '10 playground sessions a month',
      'Every free prompt in the marketplace',
      'Try premium prompts before you buy them',
      'Publish and sell your own prompts',
      'Creator analytics and revenue reports',
    ],
    after: [
      'Every free prompt in the marketplace',
      'Try premium prompts before you buy them',
      'Publish and sell your own prompts',
      'Creator analytics and revenue reports',
    ],
  },
  premium: {
    before: ['Everything in Free', 'Unlimited playground sessions'],
    after: ['Everything in Free'],
  },
  business: {
    before: ['Everything in Free', 'Unlimited playground sessions'],
    after: ['Everything in Free'],
  },
};

async function rewriteFeatures(db: AnyDb, direction: 'before' | 'after') {
  const other = direction === 'after' ? 'before' : 'after';
  for (const [slug, texts] of Object.entries(SEEDED)) {
    await db
      .updateTable('plans')
      .set({ features: JSON.stringify(texts[direction]) })
      .where('slug', '=', slug)
      .where('features', '=', JSON.stringify(texts[other]))
      .execute();
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('api_access', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`api_access in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('plans')
    .addColumn('test_budget_minor', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql.raw(`test_budget_minor between 0 and ${PLAN_MAX}`)),
    )
    .execute();
  await db.updateTable('plans').set({ api_access: 1 }).where('slug', '=', 'business').execute();
  await rewriteFeatures(db, 'after');

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addCheckConstraint('api_keys_name_valid', sql`length(name) between 1 and 60`)
    .addCheckConstraint('api_keys_scopes_valid', sql`length(scopes) > 0`)
    .addCheckConstraint('api_keys_expiry_valid', sql`expires_at > created_at`)
    .execute();
  await db.schema
    .createIndex('api_keys_user_idx')
    .on('api_keys')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await rewriteFeatures(db, 'before');
  await db.schema.alterTable('plans').dropColumn('test_budget_minor').execute();
  await db.schema.alterTable('plans').dropColumn('api_access').execute();
}
