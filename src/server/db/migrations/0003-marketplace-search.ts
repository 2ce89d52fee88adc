import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Full-text search over title, description, tags and author name, kept up to date by triggers so no
 * code path can forget it: FTS5 on SQLite, a weighted tsvector with a GIN index on PostgreSQL. Plus a
 * stored average rating and indexes for the marketplace sorts.
 *
 * SQLite: the FTS rows are keyed by prompt_search.seq, an INTEGER PRIMARY KEY (stable across VACUUM,
 * unlike the implicit rowid of a table with a text key).
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('prompts')
    .addColumn('rating_avg', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update prompts set rating_avg = case when rating_count = 0 then 0 else cast(rating_sum as double precision) / rating_count end`.execute(
    db,
  );

  for (const [name, columns] of [
    ['prompts_popular_idx', ['status', 'likes_count']],
    ['prompts_downloads_idx', ['status', 'downloads_count']],
    ['prompts_rating_idx', ['status', 'rating_avg']],
    ['prompts_featured_idx', ['status', 'featured', 'created_at']],
    ['prompts_trending_idx', ['status', 'trending', 'trending_score']],
    ['prompts_price_idx', ['status', 'price_minor']],
    // Newest first with a stable tie-break, straight from the index.
    ['prompts_latest_idx', ['status', 'created_at', 'id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('prompts')
      .columns([...columns])
      .execute();
  }

  if (isSqlite(db)) {
    await sql`create table prompt_search (seq integer primary key, prompt_id text not null unique references prompts(id) on delete cascade)`.execute(
      db,
    );
    // Only published prompts are indexed, with category and type as filter columns, so a marketplace
    // search is one FTS query: match, filter, rank and page without touching the prompts table.
    await sql`create virtual table prompts_fts using fts5(title, description, tags, author, category, type, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(
      db,
    );
    // Relevance: title first, then tags, description, author; the filter columns do not rank.
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
    await sql`insert into prompt_search (prompt_id) select id from prompts order by created_at`.execute(db);
    await sql`
      insert into prompts_fts (rowid, title, description, tags, author, category, type)
        select s.seq, p.title, p.description, p.tags, u.name, p.category, p.type
        from prompt_search s join prompts p on p.id = s.prompt_id join users u on u.id = p.author_id
        where p.status = 'published'`.execute(db);
    return;
  }

  await sql`alter table prompts add column search_vector tsvector`.execute(db);
  await sql`
    create function prompts_search_fold(text) returns text language sql immutable as $$
      select translate(lower(coalesce($1, '')),
        'àáâãäåāăąçćčďèéêëēĕėęěìíîïĩīĭįłñńňòóôõöøōŏőŕřśšşťùúûüũūŭůűųýÿźżž',
        'aaaaaaaaacccdeeeeeeeeeiiiiiiiilnnnooooooooorrssstuuuuuuuuuuyyzzz')
    $$`.execute(db);
  // Accents are folded on both sides (SQLite's tokenizer does the same with remove_diacritics), and
  // without the unaccent extension, which a managed database may not allow.
  await sql`
    create function prompts_search_document(title text, description text, tags text, author text)
    returns tsvector language sql immutable as $$
      select setweight(to_tsvector('simple', prompts_search_fold(title)), 'A')
          || setweight(to_tsvector('simple', prompts_search_fold(tags)), 'B')
          || setweight(to_tsvector('simple', prompts_search_fold(description)), 'C')
          || setweight(to_tsvector('simple', prompts_search_fold(author)), 'D')
    $$`.execute(db);
  await sql`
    create function prompts_search_refresh() returns trigger language plpgsql as $$
    begin
      new.search_vector := prompts_search_document(new.title, new.description, new.tags,
        (select name from users where id = new.author_id));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger prompts_search_refresh before insert or update of title, description, tags, author_id
    on prompts for each row execute function prompts_search_refresh()`.execute(db);
  await sql`
    create function users_search_rename() returns trigger language plpgsql as $$
    begin
      update prompts set search_vector = prompts_search_document(title, description, tags, new.name)
        where author_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_search_rename after update of name on users
    for each row when (old.name is distinct from new.name) execute function users_search_rename()`.execute(
    db,
  );
  await sql`
    update prompts p set search_vector = prompts_search_document(p.title, p.description, p.tags, u.name)
    from users u where u.id = p.author_id`.execute(db);
  await sql`create index prompts_search_idx on prompts using gin (search_vector)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of [
      'prompts_search_insert',
      'prompts_search_update',
      'prompts_search_delete',
      'users_search_rename',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists prompts_fts`.execute(db);
    await sql`drop table if exists prompt_search`.execute(db);
  } else {
    await sql`drop trigger if exists users_search_rename on users`.execute(db);
    await sql`drop trigger if exists prompts_search_refresh on prompts`.execute(db);
    await sql`drop function if exists users_search_rename()`.execute(db);
    await sql`drop function if exists prompts_search_refresh()`.execute(db);
    await sql`drop function if exists prompts_search_document(text, text, text, text)`.execute(db);
    await sql`drop function if exists prompts_search_fold(text)`.execute(db);
    await sql`drop index if exists prompts_search_idx`.execute(db);
    await sql`alter table prompts drop column if exists search_vector`.execute(db);
  }
  for (const name of [
    'prompts_popular_idx',
    'prompts_downloads_idx',
    'prompts_rating_idx',
    'prompts_featured_idx',
    'prompts_trending_idx',
    'prompts_price_idx',
    'prompts_latest_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('prompts').dropColumn('rating_avg').execute();
}
