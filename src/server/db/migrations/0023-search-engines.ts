import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Search on the databases' own engines (decision 044), replacing the in-memory index of decision
 * 020 and the literal indexes of migrations 0003 and 0013.
 *
 * - Every prompt is indexed, whatever its status (the admin's search filters by status too), over
 *   title, tags, description, category and author name, with word forms: SQLite's FTS5 with the
 *   porter stemmer, PostgreSQL's `english` text search configuration (accents folded as before).
 * - SQLite: `prompt_search` (keyed by the FTS rows' numbers) also carries what a search filters and
 *   ranks by (status, category, type, created order, rating, downloads, recent activity), kept by
 *   triggers, so ranking every match reads one integer-keyed row per match.
 * - `search_words`: every word of every prompt's searchable text (lower-cased, split at anything
 *   but letters and digits), the vocabulary typos are corrected against and split words are
 *   checked in. PostgreSQL indexes it by trigrams (pg_trgm). Words are never removed: a word no
 *   prompt holds any more finds nothing, which is all a correction to it can do.
 *
 * SQLite's trigger bodies cannot hold a WITH clause, so a text is split into words by turning it
 * into a JSON array (punctuation to spaces, spaces to `","`) read by json_each.
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

const PUNCTUATION = ['\\', '"', ...`.,;:!?()[]{}/-_&+*#@|<>=~'\`%$^`, 'char(9)', 'char(10)', 'char(13)'];
/** SQLite: `text` lower-cased as a JSON array of its words (some empty), for json_each. */
function sqliteWordsJson(text: string): string {
  let expr = `lower(${text})`;
  for (const c of PUNCTUATION) {
    const lit = c.startsWith('char(') ? c : `'${c.replace(/'/g, "''")}'`;
    expr = `replace(${expr}, ${lit}, ' ')`;
  }
  return `'["' || replace(${expr}, ' ', '","') || '"]'`;
}
const sqliteInsertWords = (text: string) =>
  `insert or ignore into search_words (word) select value from json_each(${sqliteWordsJson(text)}) where length(value) >= 3`;

const SEARCH_COLUMNS = [
  'status',
  'category',
  'type',
  'created_at',
  'rating_sum',
  'rating_count',
  'downloads_count',
  'trending_score',
];
const TEXT_COLUMNS = ['title', 'description', 'tags', 'category', 'author_id'];

async function sqliteUp(db: AnyDb) {
  for (const trigger of [
    'prompts_search_insert',
    'prompts_search_update',
    'prompts_search_delete',
    'users_search_rename',
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists prompts_fts`.execute(db);
  await sql`create table search_words (word text primary key) without rowid`.execute(db);
  await sql`alter table prompt_search add column status text not null default 'draft'`.execute(db);
  await sql`alter table prompt_search add column category text not null default ''`.execute(db);
  await sql`alter table prompt_search add column type text not null default 'free'`.execute(db);
  await sql`alter table prompt_search add column created_at text not null default ''`.execute(db);
  for (const c of ['rating_sum', 'rating_count', 'downloads_count', 'trending_score']) {
    await sql.raw(`alter table prompt_search add column ${c} integer not null default 0`).execute(db);
  }
  await sql`create virtual table prompts_fts using fts5(title, tags, description, category, author, tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(
    db,
  );
  const copy = SEARCH_COLUMNS.map((c) => `${c} = new.${c}`).join(', ');
  const text = `new.title || ' ' || new.tags || ' ' || new.description`;
  const ftsRow = `insert into prompts_fts (rowid, title, tags, description, category, author)
    select s.seq, new.title, new.tags, new.description, new.category, (select name from users where id = new.author_id)
    from prompt_search s where s.prompt_id = new.id`;
  await sql
    .raw(
      `create trigger search_prompt_added after insert on prompts begin
         insert into prompt_search (prompt_id, ${SEARCH_COLUMNS.join(', ')})
           values (new.id, ${SEARCH_COLUMNS.map((c) => `new.${c}`).join(', ')});
         ${ftsRow};
         ${sqliteInsertWords(text)};
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_prompt_text after update of ${TEXT_COLUMNS.join(', ')} on prompts begin
         delete from prompts_fts where rowid = (select seq from prompt_search where prompt_id = new.id);
         ${ftsRow};
         ${sqliteInsertWords(text)};
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_prompt_ranked after update of ${SEARCH_COLUMNS.join(', ')} on prompts
       for each row when ${SEARCH_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ')}
       begin update prompt_search set ${copy} where prompt_id = new.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_prompt_removed before delete on prompts begin
         delete from prompts_fts where rowid = (select seq from prompt_search where prompt_id = old.id);
         delete from prompt_search where prompt_id = old.id;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_author_renamed after update of name on users
       for each row when old.name is not new.name begin
         update prompts_fts set author = new.name
           where rowid in (select s.seq from prompt_search s join prompts p on p.id = s.prompt_id where p.author_id = new.id);
         ${sqliteInsertWords('new.name')};
       end`,
    )
    .execute(db);
  // Prompts created before migration 0003 have a row; any without one gets it.
  await sql`insert or ignore into prompt_search (prompt_id) select id from prompts order by created_at`.execute(
    db,
  );
  await sql
    .raw(
      `update prompt_search set ${SEARCH_COLUMNS.map((c) => `${c} = (select p.${c} from prompts p where p.id = prompt_search.prompt_id)`).join(', ')}`,
    )
    .execute(db);
  await sql`create index prompt_search_status_idx on prompt_search (status, category, type)`.execute(db);
  await sql`
    insert into prompts_fts (rowid, title, tags, description, category, author)
      select s.seq, p.title, p.tags, p.description, p.category, u.name
      from prompt_search s join prompts p on p.id = s.prompt_id join users u on u.id = p.author_id`.execute(
    db,
  );
  await sql`insert into prompts_fts (prompts_fts) values ('optimize')`.execute(db);
  await sql
    .raw(
      `insert or ignore into search_words (word)
       select w.value from prompts p join users u on u.id = p.author_id,
         json_each(${sqliteWordsJson(`p.title || ' ' || p.tags || ' ' || p.description || ' ' || u.name`)}) w
       where length(w.value) >= 3`,
    )
    .execute(db);
}

/** Migration 0003's SQLite index as migration 0013 left it, for `down`. */
async function sqliteDown(db: AnyDb) {
  for (const trigger of [
    'search_prompt_added',
    'search_prompt_text',
    'search_prompt_ranked',
    'search_prompt_removed',
    'search_author_renamed',
  ]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists prompts_fts`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  await sql`drop index if exists prompt_search_status_idx`.execute(db);
  for (const c of SEARCH_COLUMNS) {
    await sql.raw(`alter table prompt_search drop column ${c}`).execute(db);
  }
  await sql`create virtual table prompts_fts using fts5(title, description, tags, author, category, type, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')`.execute(
    db,
  );
  await sql`insert into prompts_fts (prompts_fts, rank) values ('rank', 'bm25(10.0, 3.0, 6.0, 2.0, 0.0, 0.0)')`.execute(
    db,
  );
  await sql`
    create trigger prompts_search_insert after insert on prompts begin
      insert into prompt_search (prompt_id) values (new.id);
      insert into prompts_fts (rowid, title, description, tags, author, category, type)
        select (select seq from prompt_search where prompt_id = new.id), new.title, new.description, new.tags,
               (select name from users where id = new.author_id), new.category, new.type
        where new.status = 'published';
    end`.execute(db);
  await sql`
    create trigger prompts_search_update after update of title, description, tags, author_id, status, category, type on prompts begin
      delete from prompts_fts where rowid = (select seq from prompt_search where prompt_id = new.id);
      insert into prompts_fts (rowid, title, description, tags, author, category, type)
        select (select seq from prompt_search where prompt_id = new.id), new.title, new.description, new.tags,
               (select name from users where id = new.author_id), new.category, new.type
        where new.status = 'published';
    end`.execute(db);
  await sql`
    create trigger prompts_search_delete before delete on prompts begin
      delete from prompts_fts where rowid = (select seq from prompt_search where prompt_id = old.id);
      delete from prompt_search where prompt_id = old.id;
    end`.execute(db);
  await sql`
    create trigger users_search_rename after update of name on users begin
      update prompts_fts set author = new.name
        where rowid in (select s.seq from prompt_search s join prompts p on p.id = s.prompt_id
                        where p.author_id = new.id);
    end`.execute(db);
  await sql`
    insert into prompts_fts (rowid, title, description, tags, author, category, type)
      select s.seq, p.title, p.description, p.tags, u.name, p.category, p.type
      from prompt_search s join prompts p on p.id = s.prompt_id join users u on u.id = p.author_id
      where p.status = 'published'`.execute(db);
  await sql`insert into prompts_fts (prompts_fts) values ('optimize')`.execute(db);
}

const PG_WORDS = (text: string) =>
  `insert into search_words (word)
   select distinct w from regexp_split_to_table(prompts_search_fold(${text}), '[^[:alnum:]]+') w
   where length(w) >= 3 on conflict do nothing`;

async function postgresUp(db: AnyDb) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`
    create function search_document(title text, tags text, description text, category text, author text)
    returns tsvector language sql immutable as $$
      select setweight(to_tsvector('english', prompts_search_fold(title)), 'A')
          || setweight(to_tsvector('english', prompts_search_fold(tags) || ' ' || coalesce(category, '')), 'B')
          || setweight(to_tsvector('english', prompts_search_fold(description)), 'C')
          || setweight(to_tsvector('english', prompts_search_fold(author)), 'D')
    $$`.execute(db);
  await sql`drop trigger if exists prompts_search_refresh on prompts`.execute(db);
  await sql
    .raw(
      `create or replace function prompts_search_refresh() returns trigger language plpgsql as $$
       begin
         new.search_vector := search_document(new.title, new.tags, new.description, new.category,
           (select name from users where id = new.author_id));
         ${PG_WORDS(`new.title || ' ' || new.tags || ' ' || new.description`)};
         return new;
       end $$`,
    )
    .execute(db);
  await sql`
    create trigger prompts_search_refresh before insert or update of title, description, tags, category, author_id
    on prompts for each row execute function prompts_search_refresh()`.execute(db);
  await sql
    .raw(
      `create or replace function users_search_rename() returns trigger language plpgsql as $$
       begin
         update prompts set search_vector = search_document(title, tags, description, category, new.name)
           where author_id = new.id;
         ${PG_WORDS('new.name')};
         return new;
       end $$`,
    )
    .execute(db);
  await sql`drop index if exists prompts_search_idx`.execute(db);
  await sql`
    update prompts p set search_vector = search_document(p.title, p.tags, p.description, p.category, u.name)
    from users u where u.id = p.author_id`.execute(db);
  await sql`create index prompts_search_idx on prompts using gin (search_vector)`.execute(db);
  await sql`
    insert into search_words (word)
    select distinct w from prompts p join users u on u.id = p.author_id,
      regexp_split_to_table(prompts_search_fold(p.title || ' ' || p.tags || ' ' || p.description || ' ' || u.name), '[^[:alnum:]]+') w
    where length(w) >= 3 on conflict do nothing`.execute(db);
}

async function postgresDown(db: AnyDb) {
  await sql`drop trigger if exists prompts_search_refresh on prompts`.execute(db);
  await sql`
    create or replace function prompts_search_refresh() returns trigger language plpgsql as $$
    begin
      new.search_vector := prompts_search_document(new.title, new.description, new.tags,
        (select name from users where id = new.author_id));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger prompts_search_refresh before insert or update of title, description, tags, author_id
    on prompts for each row execute function prompts_search_refresh()`.execute(db);
  await sql`
    create or replace function users_search_rename() returns trigger language plpgsql as $$
    begin
      update prompts set search_vector = prompts_search_document(title, description, tags, new.name)
        where author_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`drop index if exists prompts_search_idx`.execute(db);
  await sql`
    update prompts p set search_vector = prompts_search_document(p.title, p.description, p.tags, u.name)
    from users u where u.id = p.author_id`.execute(db);
  await sql`create index prompts_search_idx on prompts using gin (search_vector)`.execute(db);
  await sql`drop function if exists search_document(text, text, text, text, text)`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  // pg_trgm stays: another schema object may use it, and it holds no data.
}

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) await sqliteUp(db);
  else await postgresUp(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) await sqliteDown(db);
  else await postgresDown(db);
}
