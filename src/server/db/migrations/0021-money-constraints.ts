import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * The money rules, held by the database too (issue 51, decision 042). Rows that break them are
 * repaired first: a premium prompt's price is brought into $1.00-$999.99 (it stays premium, so its
 * text stays hidden), a free prompt's price is 0, plan prices are clamped and a free plan is free both
 * ways, an order that never took money and has an impossible amount is deleted, whole cents are
 * rounded, and a second open order of a buyer for one prompt is marked replaced. A payment that
 * credited the creator a second time for a prompt the buyer already owned loses that credit and is
 * marked `ungranted_reason = 'already_owned'`, so the server refunds it through the gateway.
 *
 * PostgreSQL adds CHECK constraints to the tables. SQLite cannot add a constraint to a table, so each
 * table is rebuilt with them as SQLite's ALTER TABLE documentation describes (a new table, the rows
 * copied, the old one dropped, the new one renamed, its indexes and triggers made again), with
 * foreign keys off so that dropping the old table cascades nothing. SQLite also stores a REAL in an
 * integer column, so there each money column is checked to hold an integer.
 *
 * The bounds are frozen here: the app's own (src/shared/pricing.ts) must not be imported.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Razorpay takes no order below 1.00 of its currency: a price below it could never be paid. */
const PROMPT_MIN = 100;
const GATEWAY_MIN = 100;
const PROMPT_MAX = 99_999;
const PLAN_MAX = 100_000_000;
const AMOUNT_MAX = PLAN_MAX;
const PROMPT_STATUSES = "'draft', 'published', 'archived', 'rejected'";
const PAYMENT_STATUSES = "'created', 'authorized', 'captured', 'failed', 'refunded'";

interface Check {
  name: string;
  expr: string;
}

/** Each table's constraints, and its money columns (integers, checked as such on SQLite). */
const TABLES: { table: string; checks: Check[]; integers: string[] }[] = [
  {
    table: 'prompts',
    checks: [
      { name: 'prompts_type_valid', expr: "type in ('free', 'premium')" },
      {
        name: 'prompts_price_valid',
        expr: `(type = 'free' and price_minor = 0) or (type = 'premium' and price_minor between ${PROMPT_MIN} and ${PROMPT_MAX})`,
      },
      { name: 'prompts_status_valid', expr: `status in (${PROMPT_STATUSES})` },
    ],
    integers: ['price_minor'],
  },
  {
    table: 'prompt_versions',
    checks: [{ name: 'prompt_versions_price_valid', expr: `price_minor between 0 and ${PROMPT_MAX}` }],
    integers: ['price_minor'],
  },
  {
    table: 'plans',
    checks: [
      {
        name: 'plans_monthly_valid',
        expr: `price_monthly_minor = 0 or price_monthly_minor between ${GATEWAY_MIN} and ${PLAN_MAX}`,
      },
      {
        name: 'plans_yearly_valid',
        expr: `price_yearly_minor = 0 or price_yearly_minor between ${GATEWAY_MIN} and ${PLAN_MAX}`,
      },
      { name: 'plans_free_both_ways', expr: 'price_monthly_minor > 0 or price_yearly_minor = 0' },
    ],
    integers: ['price_monthly_minor', 'price_yearly_minor'],
  },
  {
    table: 'payments',
    checks: [
      { name: 'payments_amount_valid', expr: `amount_minor between 1 and ${AMOUNT_MAX}` },
      { name: 'payments_refunded_valid', expr: 'refunded_minor between 0 and amount_minor' },
      { name: 'payments_kind_valid', expr: "kind in ('subscription', 'prompt')" },
      { name: 'payments_status_valid', expr: `status in (${PAYMENT_STATUSES})` },
    ],
    integers: ['amount_minor', 'refunded_minor'],
  },
  {
    table: 'purchases',
    checks: [
      { name: 'purchases_amount_valid', expr: `amount_minor between 1 and ${AMOUNT_MAX}` },
      { name: 'purchases_share_valid', expr: 'creator_share_minor between 0 and amount_minor' },
    ],
    integers: ['amount_minor', 'creator_share_minor'],
  },
  {
    table: 'creator_earnings',
    checks: [
      {
        name: 'creator_earnings_sign_valid',
        expr: `(kind = 'sale' and amount_minor between 0 and ${AMOUNT_MAX}) or (kind = 'refund' and amount_minor between -${AMOUNT_MAX} and 0)`,
      },
    ],
    integers: ['amount_minor'],
  },
];

const checksOf = (t: (typeof TABLES)[number], sqlite: boolean): Check[] => [
  ...t.checks,
  ...(sqlite
    ? t.integers.map((c) => ({ name: `${t.table}_${c}_integer`, expr: `typeof(${c}) = 'integer'` }))
    : []),
];

/** What SQLite's CREATE TABLE text gets before its closing parenthesis. */
const sqliteClause = (checks: Check[]) =>
  checks.map((c) => `, constraint ${c.name} check (${c.expr})`).join('');

async function repair(db: AnyDb, sqlite: boolean): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (sqlite) {
    // A REAL in an integer column: whole cents by rounding, once its value is in range (below).
    for (const t of TABLES) {
      for (const c of t.integers) {
        await run(`update ${t.table} set ${c} = 0 where typeof(${c}) not in ('integer', 'real')`);
      }
    }
  }
  // Orders that never took money and could not be paid as they are: nothing to keep.
  await run(
    `delete from payments where status in ('created', 'failed')
       and (amount_minor < 1 or amount_minor > ${AMOUNT_MAX}${sqlite ? ` or amount_minor <> round(amount_minor)` : ''})`,
  );
  await run(
    `update prompts set type = case when price_minor > 0 then 'premium' else 'free' end
       where type not in ('free', 'premium')`,
  );
  await run(`update prompts set status = 'draft' where status not in (${PROMPT_STATUSES})`);
  await run(`update prompts set price_minor = 0 where type = 'free' and price_minor <> 0`);
  await run(
    `update prompts set price_minor = ${PROMPT_MIN} where type = 'premium' and price_minor < ${PROMPT_MIN}`,
  );
  await run(
    `update prompts set price_minor = ${PROMPT_MAX} where type = 'premium' and price_minor > ${PROMPT_MAX}`,
  );
  await run(`update prompt_versions set price_minor = 0 where price_minor < 0`);
  await run(`update prompt_versions set price_minor = ${PROMPT_MAX} where price_minor > ${PROMPT_MAX}`);
  for (const c of ['price_monthly_minor', 'price_yearly_minor']) {
    await run(`update plans set ${c} = 0 where ${c} < 0`);
    await run(`update plans set ${c} = ${PLAN_MAX} where ${c} > ${PLAN_MAX}`);
    await run(`update plans set ${c} = ${GATEWAY_MIN} where ${c} > 0 and ${c} < ${GATEWAY_MIN}`);
  }
  for (const t of ['payments', 'purchases']) {
    await run(`update ${t} set amount_minor = 1 where amount_minor < 1`);
    await run(`update ${t} set amount_minor = ${AMOUNT_MAX} where amount_minor > ${AMOUNT_MAX}`);
  }
  await run(`update creator_earnings set amount_minor = ${AMOUNT_MAX} where amount_minor > ${AMOUNT_MAX}`);
  await run(`update creator_earnings set amount_minor = -${AMOUNT_MAX} where amount_minor < -${AMOUNT_MAX}`);
  if (sqlite) {
    for (const t of TABLES) {
      for (const c of t.integers) {
        await run(
          `update ${t.table} set ${c} = cast(round(${c}) as integer) where typeof(${c}) <> 'integer'`,
        );
      }
    }
  }
  await run(
    `update plans set price_yearly_minor = 0 where price_monthly_minor = 0 and price_yearly_minor <> 0`,
  );
  await run(`update payments set refunded_minor = 0 where refunded_minor < 0`);
  await run(`update payments set refunded_minor = amount_minor where refunded_minor > amount_minor`);
  await run(`update payments set status = 'failed' where status not in (${PAYMENT_STATUSES})`);
  await run(
    `update payments set kind = case when prompt_id is not null then 'prompt' else 'subscription' end
       where kind not in ('subscription', 'prompt')`,
  );
  await run(`update purchases set creator_share_minor = 0 where creator_share_minor < 0`);
  await run(
    `update purchases set creator_share_minor = amount_minor where creator_share_minor > amount_minor`,
  );
  await run(
    `update creator_earnings set amount_minor = -amount_minor where kind = 'sale' and amount_minor < 0`,
  );
  await run(
    `update creator_earnings set amount_minor = -amount_minor where kind = 'refund' and amount_minor > 0`,
  );

  // One open order per buyer and prompt: the newest stays open.
  await run(
    `update payments set status = 'failed', failure_reason = 'Replaced by a newer order'
       where kind = 'prompt' and status = 'created' and exists (
         select 1 from payments p2 where p2.user_id = payments.user_id and p2.prompt_id = payments.prompt_id
           and p2.kind = 'prompt' and p2.status = 'created'
           and (p2.created_at > payments.created_at or (p2.created_at = payments.created_at and p2.id > payments.id)))`,
  );
  // A second payment for a prompt the buyer owned through another one: no credit, and a refund due.
  await run(
    `update payments set ungranted_reason = 'already_owned'
       where kind = 'prompt' and status = 'captured' and ungranted_reason is null
         and exists (select 1 from creator_earnings e join purchases pu on pu.id = e.purchase_id
                     where e.payment_id = payments.id and e.kind = 'sale' and pu.payment_id <> payments.id)
         and not exists (select 1 from creator_earnings r where r.payment_id = payments.id and r.kind = 'refund')`,
  );
  await run(
    `delete from creator_earnings where kind = 'sale' and payment_id in
       (select id from payments where ungranted_reason = 'already_owned' and status = 'captured')`,
  );
}

/** SQLite's way to change a table's constraints: rebuild it, keeping its indexes and triggers. */
async function sqliteRebuild(db: AnyDb, table: string, edit: (create: string) => string): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = rows[0]?.sql;
  if (!create) throw new Error(`migration 0021: no table ${table}`);
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(
    db,
  );
  const temporary = `${table}__0021`;
  const renamed = edit(create).replace(/^CREATE TABLE\s+("[^"]+"|\S+)/i, `CREATE TABLE "${temporary}"`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
  for (const d of dependents.rows) await sql.raw(d.sql).execute(db);
}

/** Runs SQLite table rebuilds in one transaction with foreign keys off, then checks them. */
async function sqliteRebuilds(db: AnyDb, work: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  // The rename must not re-check other tables' triggers while the table is briefly missing.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await work();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('migration 0021: foreign keys broken by the rebuild');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

const OPEN_ORDER_INDEX = 'payments_one_open_prompt_order';
const PURCHASE_PAYMENT_INDEX = 'purchases_payment_once';

export async function up(db: AnyDb): Promise<void> {
  const sqlite = isSqlite(db);
  await db.schema.alterTable('payments').addColumn('ungranted_reason', 'text').execute();
  if (sqlite) {
    await sqliteRebuilds(db, async () => {
      await repair(db, true);
      for (const t of TABLES) {
        const clause = sqliteClause(checksOf(t, true));
        await sqliteRebuild(db, t.table, (create) => {
          const end = create.lastIndexOf(')');
          return `${create.slice(0, end)}${clause}${create.slice(end)}`;
        });
      }
    });
  } else {
    await repair(db, false);
    // The repairs queued the catalogue's deferred triggers; a table with pending ones cannot be altered.
    await sql`set constraints all immediate`.execute(db);
    for (const t of TABLES) {
      for (const c of checksOf(t, false)) {
        await sql.raw(`alter table ${t.table} add constraint ${c.name} check (${c.expr})`).execute(db);
      }
    }
  }
  // A prompt is bought once: one open order per buyer and prompt, one purchase per payment.
  await sql
    .raw(
      `create unique index ${OPEN_ORDER_INDEX} on payments (user_id, prompt_id)
       where kind = 'prompt' and status = 'created'`,
    )
    .execute(db);
  await sql.raw(`create unique index ${PURCHASE_PAYMENT_INDEX} on purchases (payment_id)`).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const sqlite = isSqlite(db);
  await sql.raw(`drop index if exists ${PURCHASE_PAYMENT_INDEX}`).execute(db);
  await sql.raw(`drop index if exists ${OPEN_ORDER_INDEX}`).execute(db);
  if (sqlite) {
    await sqliteRebuilds(db, async () => {
      for (const t of TABLES) {
        const clause = sqliteClause(checksOf(t, true));
        await sqliteRebuild(db, t.table, (create) => create.replace(clause, ''));
      }
    });
  } else {
    for (const t of TABLES) {
      for (const c of checksOf(t, false)) {
        await sql.raw(`alter table ${t.table} drop constraint if exists ${c.name}`).execute(db);
      }
    }
  }
  await db.schema.alterTable('payments').dropColumn('ungranted_reason').execute();
}
