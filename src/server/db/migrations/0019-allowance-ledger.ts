import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The playground allowance becomes a ledger (issue 51, decision 039). Until now a user's monthly
 * sessions and a premium prompt's tries were counted from `playground_sessions.counted_at`, so
 * deleting a session gave its slot and its try back. An entry here is written when a session takes
 * a slot (kind 'session') or a premium try (kind 'try'), and nothing that happens to the session
 * removes it: `session_id` and `prompt_id` are plain ids, not foreign keys. Only the account's
 * deletion takes its entries with it.
 *
 * The key (session_id, kind) is the rule "a session takes at most one slot and one try". `month` is
 * the UTC month the slot was taken in ('2026-12'), which is what the monthly allowance counts.
 *
 * Backfill: every counted session holds its slot; a counted session of a premium prompt by someone
 * who neither wrote nor (now) owns it holds a try, which is what the old count amounted to for the
 * only people tries apply to.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('allowance_entries')
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('allowance_entries_pk', ['session_id', 'kind'])
    .addCheckConstraint('allowance_entries_kind', sql`kind in ('session', 'try')`)
    .addCheckConstraint('allowance_entries_try_prompt', sql`kind <> 'try' or prompt_id is not null`)
    .addCheckConstraint('allowance_entries_month', sql`length(month) = 7`)
    .execute();
  await db.schema
    .createIndex('allowance_entries_month_idx')
    .on('allowance_entries')
    .columns(['user_id', 'kind', 'month'])
    .execute();
  await db.schema
    .createIndex('allowance_entries_prompt_idx')
    .on('allowance_entries')
    .columns(['user_id', 'prompt_id', 'kind'])
    .execute();

  await sql`
    insert into allowance_entries (session_id, kind, user_id, prompt_id, month, created_at)
    select id, 'session', user_id, prompt_id, substr(counted_at, 1, 7), counted_at
    from playground_sessions where counted_at is not null`.execute(db);
  await sql`
    insert into allowance_entries (session_id, kind, user_id, prompt_id, month, created_at)
    select s.id, 'try', s.user_id, s.prompt_id, substr(s.counted_at, 1, 7), s.counted_at
    from playground_sessions s join prompts p on p.id = s.prompt_id
    where s.counted_at is not null and p.type = 'premium' and p.author_id <> s.user_id
      and not exists (
        select 1 from purchases b
        where b.prompt_id = s.prompt_id and b.buyer_id = s.user_id and b.revoked_at is null
      )`.execute(db);

  await db.schema.dropIndex('playground_sessions_counted_idx').execute();
  await db.schema.alterTable('playground_sessions').dropColumn('counted_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('playground_sessions').addColumn('counted_at', 'text').execute();
  await sql`
    update playground_sessions set counted_at = (
      select e.created_at from allowance_entries e
      where e.session_id = playground_sessions.id and e.kind = 'session'
    )`.execute(db);
  await db.schema
    .createIndex('playground_sessions_counted_idx')
    .on('playground_sessions')
    .columns(['user_id', 'counted_at'])
    .execute();
  await db.schema.dropTable('allowance_entries').execute();
}
