import type { Kysely } from 'kysely';
import type { Category, PromptType } from '../../../shared/constants';
import { licenceInfo } from '../../../shared/licences';
import {
  LIBRARY_RELATIONS,
  type Library,
  type LibraryItem,
  type LibraryRelation,
  type LibrarySeen,
} from '../../../shared/library';
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
  /** Bought by the user themselves (it stays when they leave a team). */
  ownPurchase: boolean;
  /** Bought for the user's team: the team's name. */
  team: string | null;
  /** When it last joined the library (a purchase, a like); null for the user's own remix. */
  since: string | null;
}

/**
 * The version of a library prompt the user last saw (decision 066): the newest they opened, or
 * else the one that was current when the prompt joined their library (a version is current from
 * when it replaced the one before, `replacedAt` of the kept versions). Their own remix they wrote:
 * always the current one. A newer current version is what the "updated" badge shows.
 */
export function seenVersion(o: {
  current: number;
  opened: number | null;
  since: string | null;
  replacedAt: string[];
}): number {
  if (o.since === null) return o.current;
  const atJoin = 1 + o.replacedAt.filter((at) => at <= o.since!).length;
  return Math.min(o.current, Math.max(o.opened ?? 0, atJoin));
}

/**
 * Whose library: a user's ("My library": their purchases and their team's, likes, remixes), or a
 * team's, read by its API key (decision 071: the team's purchases and its prompts).
 */
interface Whose {
  userId: string;
  teamId: string | null;
}

const whoseOf = (auth: AuthContext): Whose => ({ userId: auth.userId, teamId: auth.apiKey?.teamId ?? null });

async function entries(db: Kysely<DB>, whose: Whose, only?: string) {
  const { userId, teamId } = whose;
  const [bought, liked, remixed, team] = await Promise.all(
    teamId
      ? [repo.boughtByTeam(db, teamId, only), [], [], repo.teamPrompts(db, teamId, only)]
      : [repo.bought(db, userId, only), repo.liked(db, userId, only), repo.remixed(db, userId, only), []],
  );
  const byId = new Map<string, Entry>();
  const add = (rows: repo.LibraryRow[], relation: LibraryRelation) => {
    for (const row of rows) {
      const e = byId.get(row.id) ?? {
        row,
        relations: new Set<LibraryRelation>(),
        owns: false,
        ownPurchase: false,
        team: null,
        since: '',
      };
      if (relation === 'bought') {
        e.owns = true;
        if (row.team_name) e.team ??= row.team_name;
        else e.ownPurchase = true;
      }
      e.relations.add(relation);
      e.since = row.since === null || e.since === null ? null : row.since > e.since ? row.since : e.since;
      byId.set(row.id, e);
    }
  };
  add(bought, 'bought');
  add(liked, 'liked');
  add(remixed, 'remixed');
  add(team, 'team');
  const viewer = { userId, admin: false, team: teamId };
  const inTeam = (e: Entry) => teamId !== null && e.row.team_id === teamId;
  const visible = [...byId.values()].filter((e) => canSee(e.row, viewer, e.owns, inTeam(e)));
  const ids = visible.map((e) => e.row.id);
  const [sourceRows, replaced, seen] = await Promise.all([
    repo.titlesOf(db, [...new Set(visible.map((e) => e.row.remix_of).filter((x) => x !== null))]),
    repo.replacedAt(db, ids),
    repo.seenOf(db, userId, ids),
  ]);
  const sources = new Map(sourceRows.map((s) => [s.id, s]));
  const opened = new Map(seen.map((s) => [s.prompt_id, s.version]));
  return visible
    .map((e) => {
      const current = Number(e.row.kept_versions ?? 0) + 1;
      const replacedAt = replaced.filter((r) => r.prompt_id === e.row.id).map((r) => r.created_at);
      return {
        ...e,
        current,
        seen: seenVersion({ current, opened: opened.get(e.row.id) ?? null, since: e.since, replacedAt }),
        readable: readReason(e.row, viewer, e.owns, inTeam(e)) !== 'locked',
        source: e.row.remix_of ? sources.get(e.row.remix_of) : undefined,
      };
    })
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
  relations: LIBRARY_RELATIONS.filter((r) => e.relations.has(r)),
  version: e.current,
  seenVersion: e.seen,
  updated: e.seen < e.current,
  updatedAt: e.row.updated_at,
  readable: e.readable,
  remixOf: e.source ? { slug: e.source.slug, title: e.source.title } : null,
  // A purchase of one's own outranks the team's: the prompt is theirs whatever becomes of the team.
  boughtFor: e.team !== null && !e.ownPurchase ? { team: e.team } : null,
});

export async function getLibrary(db: Kysely<DB>, auth: AuthContext): Promise<Library> {
  return { items: (await entries(db, whoseOf(auth))).map(toItem) };
}

/**
 * The user opened a prompt (its page or its changes): its current version is the one they saw, and
 * its "updated" badge clears. Only a prompt in their own library is recorded; anything else
 * (another's prompt, one they cannot see, no such id) records nothing and says so alike.
 */
export async function markLibrarySeen(
  db: Kysely<DB>,
  auth: AuthContext,
  promptId: string,
): Promise<LibrarySeen> {
  const [entry] = await entries(db, whoseOf(auth), promptId);
  if (!entry) return { recorded: false, version: null };
  await repo.markSeen(db, auth.userId, entry.row.id, entry.current, nowIso());
  return { recorded: true, version: entry.current };
}

const RELATION_LABELS: Record<LibraryRelation, string> = {
  bought: 'Bought',
  liked: 'Liked',
  remixed: 'Your remix',
  team: 'Team library',
};

/** The whole library as a file: Markdown to read, or JSON; the text only of prompts the user may read. */
export async function exportLibrary(db: Kysely<DB>, auth: AuthContext, format: 'md' | 'json') {
  const list = await entries(db, whoseOf(auth));
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
