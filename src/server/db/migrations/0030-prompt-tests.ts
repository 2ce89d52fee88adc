import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Prompt tests (issue 56, decision 057).
 *
 * - `prompt_test_cases`: a creator's test cases of a prompt: values for its variables, an input
 *   message, and checks on the answer (JSON, validated by src/shared/prompt-tests.ts).
 * - `prompt_test_runs`: one run of one case on one model: the model's key, exact id and name, the prompt
 *   version, the input, the (leak-guarded) output, tokens, cost, latency and the checks' results.
 *   `author_id` is whose monthly test budget paid, `month` the UTC month it was paid in.
 * - `prompt_test_schedule`: when a prompt's tests are next due, claimed by a conditional update so
 *   one runner runs them however many race; whether its last runs were failing (to mail the creator
 *   once when a re-run starts failing); why its last runs stopped (the budget).
 * - `prompts.tested_on` / `tested_at` / `test_board`: the card's badge (the models the latest version
 *   passes on, and when it last ran) and the page's board (JSON numbers per model), written after
 *   each run, kept on the row so a card or a page costs no join. They are shown, so migration
 *   0017's content trigger is made again with them in its list: a change moves `content`, and the
 *   cached lists and pages are built again (decision 010).
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Migration 0017's lists, copied (migrations are frozen), and this migration's shown columns. */
const MEMBERSHIP = ['status', 'category', 'type', 'created_at'];
const SHOWN_0017 = [
  'id',
  'slug',
  'author_id',
  'title',
  'description',
  'content',
  'tags',
  'price_minor',
  'currency',
  'moderation_note',
  'featured',
  'trending',
  'trending_pinned',
  'trending_score',
  'downloads_count',
  'rating_sum',
  'rating_count',
  'rating_avg',
  'updated_at',
  'published_at',
];
const SHOWN = [...SHOWN_0017, 'tested_on', 'tested_at', 'test_board'];
const bumpContent = 'update catalogue_version set content = content + 1 where id = 1';

function contentChanged(shown: string[], sqlite: boolean) {
  const same = sqlite ? 'is' : 'is not distinct from';
  const differs = sqlite ? 'is not' : 'is distinct from';
  return `(${MEMBERSHIP.map((c) => `old.${c} ${same} new.${c}`).join(' and ')}) and (${shown
    .map((c) => `old.${c} ${differs} new.${c}`)
    .join(' or ')})`;
}

async function contentTrigger(db: AnyDb, shown: string[]) {
  const when = contentChanged(shown, isSqlite(db));
  if (isSqlite(db)) {
    await sql`drop trigger if exists catalogue_prompt_content`.execute(db);
    await sql
      .raw(
        `create trigger catalogue_prompt_content after update on prompts
         for each row when ${when}
         begin ${bumpContent}; end`,
      )
      .execute(db);
    return;
  }
  await sql`drop trigger if exists catalogue_prompt_content on prompts`.execute(db);
  await sql
    .raw(
      `create constraint trigger catalogue_prompt_content after update on prompts
       deferrable initially deferred for each row
       when (${when})
       execute function catalogue_bump_content()`,
    )
    .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prompt_test_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('input', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_test_cases_prompt')
    .on('prompt_test_cases')
    .columns(['prompt_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('prompt_test_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.references('prompt_test_cases.id').onDelete('set null'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('model_key', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('publish', 'schedule')`))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('passed', 'failed', 'error')`))
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('cost_micros', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cost_micros >= 0`),
    )
    .addColumn('latency_ms', 'integer')
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_test_runs_board')
    .on('prompt_test_runs')
    .columns(['prompt_id', 'version', 'created_at'])
    .execute();
  await db.schema
    .createIndex('prompt_test_runs_budget')
    .on('prompt_test_runs')
    .columns(['author_id', 'month'])
    .execute();
  await db.schema.createIndex('prompt_test_runs_month').on('prompt_test_runs').columns(['month']).execute();

  await db.schema
    .createTable('prompt_test_schedule')
    .addColumn('prompt_id', 'text', (c) => c.primaryKey().references('prompts.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('failing', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`failing in (0, 1)`),
    )
    .addColumn('stopped', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompt_test_schedule_due')
    .on('prompt_test_schedule')
    .column('due_at')
    .execute();

  await db.schema.alterTable('prompts').addColumn('tested_on', 'text').execute();
  await db.schema.alterTable('prompts').addColumn('tested_at', 'text').execute();
  await db.schema.alterTable('prompts').addColumn('test_board', 'text').execute();
  await contentTrigger(db, SHOWN);
}

export async function down(db: AnyDb): Promise<void> {
  await contentTrigger(db, SHOWN_0017);
  await db.schema.alterTable('prompts').dropColumn('test_board').execute();
  await db.schema.alterTable('prompts').dropColumn('tested_at').execute();
  await db.schema.alterTable('prompts').dropColumn('tested_on').execute();
  await db.schema.dropTable('prompt_test_schedule').execute();
  await db.schema.dropTable('prompt_test_runs').execute();
  await db.schema.dropTable('prompt_test_cases').execute();
}
