import type { Kysely } from 'kysely';
import type { Category, PromptType } from '../../../shared/constants';
import { licenceInfo } from '../../../shared/licences';
import type { Library, LibraryItem, LibraryRelation } from '../../../shared/library';
import type { DB } from '../../db/types';
import { nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { canSee, readReason } from '../prompt-access/service';
import * as repo from './repository';

/*
 * "My library" (issue 57): the prompts a user bought, liked and remixed, each once with every
 * reason it is there, and the export of all of them. Which of them the user may see and read is
 * prompt-access's rule, asked per prompt: a liked premium prompt they did not buy is listed without
 * its text, and a liked prompt that left the marketplace is not listed.
 */

interface Entry {
  row: repo.LibraryRow;
  relations: Set<LibraryRelation>;
  owns: boolean;
}

async function entries(db: Kysely<DB>, userId: string) {
  const [bought, liked, remixed] = await Promise.all([
    repo.bought(db, userId),
    repo.liked(db, userId),
    repo.remixed(db, userId),
  ]);
  const byId = new Map<string, Entry>();
  const add = (rows: repo.LibraryRow[], relation: LibraryRelation) => {
    for (const row of rows) {
      const e = byId.get(row.id) ?? { row, relations: new Set<LibraryRelation>(), owns: false };
      e.relations.add(relation);
      if (relation === 'bought') e.owns = true;
      byId.set(row.id, e);
    }
  };
  add(bought, 'bought');
  add(liked, 'liked');
  add(remixed, 'remixed');
  const viewer = { userId, admin: false };
  const visible = [...byId.values()].filter((e) => canSee(e.row, viewer, e.owns));
  const sources = new Map(
    (await repo.titlesOf(db, [...new Set(visible.map((e) => e.row.remix_of).filter((x) => x !== null))])).map(
      (s) => [s.id, s],
    ),
  );
  return visible
    .map((e) => ({
      ...e,
      readable: readReason(e.row, viewer, e.owns) !== 'locked',
      source: e.row.remix_of ? sources.get(e.row.remix_of) : undefined,
    }))
    .sort((a, b) => (a.row.updated_at < b.row.updated_at ? 1 : a.row.updated_at > b.row.updated_at ? -1 : 0));
}

const toItem = (e: Awaited<ReturnType<typeof entries>>[number]): LibraryItem => ({
  id: e.row.id,
  slug: e.row.slug,
  title: e.row.title,
  description: e.row.description,
  category: e.row.category as Category,
  type: e.row.type as PromptType,
  licence: licenceInfo(e.row.licence),
  author: e.row.author_name,
  relations: (['bought', 'liked', 'remixed'] as const).filter((r) => e.relations.has(r)),
  version: Number(e.row.kept_versions ?? 0) + 1,
  updatedAt: e.row.updated_at,
  readable: e.readable,
  remixOf: e.source ? { slug: e.source.slug, title: e.source.title } : null,
});

export async function getLibrary(db: Kysely<DB>, auth: AuthContext): Promise<Library> {
  return { items: (await entries(db, auth.userId)).map(toItem) };
}

const RELATION_LABELS: Record<LibraryRelation, string> = {
  bought: 'Bought',
  liked: 'Liked',
  remixed: 'Your remix',
};

/** The whole library as a file: Markdown to read, or JSON; the text only of prompts the user may read. */
export async function exportLibrary(db: Kysely<DB>, auth: AuthContext, format: 'md' | 'json') {
  const list = await entries(db, auth.userId);
  const day = nowIso().slice(0, 10);
  const items = list.map((e) => ({ ...toItem(e), content: e.readable ? e.row.content : null }));
  if (format === 'json') {
    return {
      filename: `promptforge-library-${day}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(
        { format: 'promptforge.library', version: 1, exportedAt: nowIso(), items },
        null,
        2,
      ),
    };
  }
  const fence = (text: string) => {
    const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
    const ticks = '`'.repeat(longest + 1);
    return `${ticks}\n${text}\n${ticks}`;
  };
  const sections = items.map((i) =>
    [
      `## ${i.title}`,
      '',
      `${i.relations.map((r) => RELATION_LABELS[r]).join(', ')} · by ${i.author} · version ${i.version} · updated ${i.updatedAt.slice(0, 10)}`,
      `Licence: ${i.licence.label}. ${i.licence.summary}`,
      ...(i.remixOf ? [`Based on: ${i.remixOf.title}`] : []),
      '',
      i.description,
      '',
      i.content === null ? '_Premium prompt: its text comes with buying it._' : fence(i.content),
    ].join('\n'),
  );
  return {
    filename: `promptforge-library-${day}.md`,
    contentType: 'text/markdown; charset=utf-8',
    body: `# My Promptforge library\n\nExported ${day}: ${items.length} ${items.length === 1 ? 'prompt' : 'prompts'}.\n\n${sections.join('\n\n')}\n`,
  };
}
