import type { Kysely } from 'kysely';
import type { Category, PromptStatus } from '../../../shared/constants';
import type { CreatorPrompt } from '../../../shared/creator';
import { licenceInfo } from '../../../shared/licences';
import type { DB, PromptRow } from '../../db/types';
import { fromMinor } from '../../lib/money';
import { parseTags, roundRating } from '../../lib/prompt-fields';
import * as repo from './repository';

/** A creator's prompt as the studio shows it: the row, its sales and versions, and the prompts it links to. */

const STATUS_LABELS: Record<PromptStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  archived: 'Archived',
  rejected: 'Rejected',
};

type Links = Map<string, repo.PromptLink>;

export function toCreatorPrompt(
  row: PromptRow,
  extra: { buyers: number; versions: number; earnedMinor: number },
  links: Links,
): CreatorPrompt {
  const status = row.status as PromptStatus;
  const source = row.remix_of ? links.get(row.remix_of) : undefined;
  const duplicate = row.duplicate_of ? links.get(row.duplicate_of) : undefined;
  return {
    id: row.id,
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    content: row.content,
    category: row.category as Category,
    tags: parseTags(row.tags),
    isPaid: row.type === 'premium',
    price: fromMinor(row.price_minor),
    status,
    statusLabel: STATUS_LABELS[status] ?? status,
    moderationNote: row.moderation_note,
    licence: licenceInfo(row.licence),
    remixOf: source ? { id: source.id, slug: source.slug, title: source.title } : null,
    remixPrivate: row.remix_private === 1,
    nearDuplicate: duplicate
      ? {
          id: duplicate.id,
          slug: duplicate.slug,
          title: duplicate.title,
          similarity: Number(row.duplicate_similarity ?? 0),
        }
      : null,
    views: row.views_count,
    likes: row.likes_count,
    downloads: row.downloads_count,
    tries: row.tries_count,
    rating: { average: roundRating(Number(row.rating_avg)), count: row.rating_count },
    revenue: fromMinor(extra.earnedMinor),
    buyers: extra.buyers,
    versions: extra.versions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

export async function present(db: Kysely<DB>, id: string): Promise<CreatorPrompt> {
  const row = await repo.findPrompt(db, id);
  const [buyers, versions, earnedMinor, links] = await Promise.all([
    repo.countBuyers(db, id),
    repo.listVersions(db, id),
    repo.earnedMinor(db, id),
    linksOf(db, [row]),
  ]);
  return toCreatorPrompt(row, { buyers, versions: versions.length, earnedMinor }, links);
}

/** The prompts the rows link to (their sources and near duplicates), by id. */
export async function linksOf(db: Kysely<DB>, rows: PromptRow[]): Promise<Links> {
  const ids = [...new Set(rows.flatMap((r) => [r.remix_of, r.duplicate_of]).filter((x) => x !== null))];
  return new Map((await repo.promptLinks(db, ids)).map((l) => [l.id, l]));
}
