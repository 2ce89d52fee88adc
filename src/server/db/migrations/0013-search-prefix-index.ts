import { type Kysely, SqliteAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * SQLite only (decision 017): the search index gets prefix indexes for every prefix length from 2
 * to 6 characters, not only 2 and 3. The last word of a search matches as a prefix (people are
 * still typing it); without a prefix index of its length FTS5 merges the doclists of every term
 * that starts with it, for the candidates and again to count the phrase for bm25 (`plan*` reads
 * 22 000 rows twice on the 100 000-prompt catalogue). The index is rebuilt from the prompts, as
 * migration 0003 built it, and merged into one segment. PostgreSQL's GIN index has no such option
 * and needs none (a prefix there is a range of the same index).
 */

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuild(db: AnyDb, prefix: string) {
  // The triggers of migration 0003 name the table, not its definition: they write to the new one.
  await db.transaction().execute(async (trx) => {
    await sql`drop table prompts_fts`.execute(trx);
    await sql`create virtual table prompts_fts using fts5(title, description, tags, author, category, type, tokenize = 'unicode61 remove_diacritics 2', prefix = ${sql.lit(prefix)})`.execute(
      trx,
    );
    await sql`insert into prompts_fts (prompts_fts, rank) values ('rank', 'bm25(10.0, 3.0, 6.0, 2.0, 0.0, 0.0)')`.execute(
      trx,
    );
    await sql`
      insert into prompts_fts (rowid, title, description, tags, author, category, type)
        select s.seq, p.title, p.description, p.tags, u.name, p.category, p.type
        from prompt_search s join prompts p on p.id = s.prompt_id join users u on u.id = p.author_id
        where p.status = 'published'`.execute(trx);
    await sql`insert into prompts_fts (prompts_fts) values ('optimize')`.execute(trx);
  });
}

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) await rebuild(db, '2 3 4 5 6');
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) await rebuild(db, '2 3');
}
