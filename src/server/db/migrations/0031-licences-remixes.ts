import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Licences, remixes and near-duplicate flags (issue 57, decision 058).
 *
 * - `licence`: what a listing's text may be used for. Existing prompts get `personal` (the licence
 *   that grants least: nobody gave more). A paid prompt carries `personal` or `commercial` only.
 * - `remix_of`: the prompt a remix was made from (kept null when the source is deleted);
 *   `remix_private` = 1 when the source's licence (or its price) does not let the remix be shared:
 *   such a remix can never be published, which the database holds too.
 * - `duplicate_of` / `duplicate_similarity`: the listing by someone else a prompt's text nearly
 *   matches, as found on import or publish, for the creator and the moderators.
 * - PostgreSQL: a trigram index on the text, so `content % $1` (pg_trgm) finds near copies by index.
 * - A prompt's page shows its licence and its source: a change of either moves the catalogue's
 *   `content` version (decision 010; 0017's trigger lists the columns it watches). The other columns
 *   show on no cached answer.
 *
 * SQLite adds a column with its CHECK (checked on every later write); PostgreSQL adds named
 * constraints. The licence names are frozen here: the app's own list (src/shared) is not imported.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const LICENCES = "'personal', 'commercial', 'cc-by-4.0', 'cc0'";
const LICENCE_VALID = `licence in (${LICENCES})`;
const PAID_LICENCE = "type = 'free' or licence in ('personal', 'commercial')";
const PRIVATE_REMIX = "remix_private in (0, 1) and (remix_private = 0 or status <> 'published')";

export async function up(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (isSqlite(db)) {
    await run(
      `alter table prompts add column licence text not null default 'personal' check (${LICENCE_VALID} and (${PAID_LICENCE}))`,
    );
    await run('alter table prompts add column remix_of text references prompts (id) on delete set null');
    await run(
      `alter table prompts add column remix_private integer not null default 0 check (${PRIVATE_REMIX})`,
    );
    await run('alter table prompts add column duplicate_of text references prompts (id) on delete set null');
    await run('alter table prompts add column duplicate_similarity real');
  } else {
    await run(`alter table prompts add column licence text not null default 'personal'`);
    await run('alter table prompts add column remix_of text references prompts (id) on delete set null');
    await run('alter table prompts add column remix_private integer not null default 0');
    await run('alter table prompts add column duplicate_of text references prompts (id) on delete set null');
    await run('alter table prompts add column duplicate_similarity real');
    await run(`alter table prompts add constraint prompts_licence_valid check (${LICENCE_VALID})`);
    await run(`alter table prompts add constraint prompts_paid_licence check (${PAID_LICENCE})`);
    await run(`alter table prompts add constraint prompts_private_remix check (${PRIVATE_REMIX})`);
    await run('create index prompts_content_trgm on prompts using gin (content gin_trgm_ops)');
  }
  await run('create index prompts_remix_of on prompts (remix_of)');
  await run(
    isSqlite(db)
      ? `create trigger catalogue_prompt_licence after update of licence, remix_of on prompts for each row
         when old.licence is not new.licence or old.remix_of is not new.remix_of
         begin update catalogue_version set content = content + 1 where id = 1; end`
      : // Migration 0012's function: deferred to commit, once per transaction.
        `create constraint trigger catalogue_prompt_licence after update of licence, remix_of on prompts
         deferrable initially deferred for each row
         when (old.licence is distinct from new.licence or old.remix_of is distinct from new.remix_of)
         execute function catalogue_bump_content()`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`drop trigger if exists catalogue_prompt_licence${isSqlite(db) ? '' : ' on prompts'}`);
  await run('drop index if exists prompts_remix_of');
  if (!isSqlite(db)) await run('drop index if exists prompts_content_trgm');
  for (const c of ['duplicate_similarity', 'duplicate_of', 'remix_private', 'remix_of', 'licence']) {
    await run(`alter table prompts drop column ${c}`);
  }
}
