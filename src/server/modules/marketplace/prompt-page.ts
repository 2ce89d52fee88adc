import { licenceInfo } from '../../../shared/licences';
import type { PromptDetail } from '../../../shared/marketplace';
import type { TestBoard } from '../../../shared/prompt-tests';
import { teamOwnsPrompt } from '../billing/service';
import { remixVerdictFor } from '../creator/remix';
import { listingExamples } from '../prompt-tests/service';
import { membershipOf } from '../teams/service';
import { talliesOf, toMarketplacePrompt } from './cards';
import type { AuthContext, MarketplaceDeps } from './deps';
import { type Viewer, countView } from './engagement';
import { hasDownloaded, hasLiked } from './engagement-repository';
import * as repo from './prompt-page-repository';
import { canReview } from './reviews';
import { findReview, ratingBreakdown } from './reviews-repository';
import { visiblePrompt } from './visible-prompt';

/** A prompt's page: the card, its author, its text or a preview, and what the viewer may do. */

const PREVIEW_CHARS = 160;

/** The opening of a premium prompt, cut at a word: enough to judge it, never the prompt itself. */
export function premiumPreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const limit = Math.min(PREVIEW_CHARS, Math.floor(flat.length / 3));
  const cut = flat.slice(0, limit);
  const atWord = cut.lastIndexOf(' ') > limit / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord}…`;
}

/**
 * A prompt's page as `auth` sees it, and whether it is published (only those count views). The
 * figures are the stored ones: a view is counted after the answer (countView).
 */
export async function readPromptDetail(
  deps: MarketplaceDeps,
  idOrSlug: string,
  auth: AuthContext | null,
): Promise<{ detail: PromptDetail; published: boolean }> {
  const { db } = deps;
  const { row, access } = await visiblePrompt(db, idOrSlug, auth);
  const { reason, canRead: canView } = access;
  const userId = auth?.userId;
  const [liked, downloaded, reviewable, mine, promptCount, breakdown, remix, source, team, examples] =
    await Promise.all([
      userId ? hasLiked(db, row.id, userId) : false,
      userId ? hasDownloaded(db, row.id, userId) : false,
      userId ? canReview(db, row, userId) : false,
      userId ? findReview(db, row.id, userId) : undefined,
      repo.countPublishedByAuthor(db, row.author_id),
      ratingBreakdown(db, row.id),
      userId ? remixVerdictFor(db, row, userId) : null,
      row.remix_of ? repo.findRemixSourceLink(db, row.remix_of) : undefined,
      userId ? teamOffer(db, row, userId, access.purchase) : null,
      listingExamples(db, row),
    ]);
  const card = toMarketplacePrompt(row);
  const detail: PromptDetail = {
    ...card,
    author: { ...card.author, bio: row.author_bio, promptCount },
    content: canView ? row.content : null,
    preview: canView ? null : premiumPreview(row.content),
    access: {
      canViewContent: canView,
      reason,
      liked,
      downloaded,
      canReview: reviewable,
      myReview: mine
        ? {
            rating: mine.rating,
            body: mine.body,
            snapshot: mine.snapshot_message_id
              ? {
                  messageId: mine.snapshot_message_id,
                  model: mine.snapshot_model ?? '',
                  at: mine.snapshot_at ?? mine.updated_at,
                }
              : null,
          }
        : null,
      remix: remix?.allowed ? { allowed: true, private: remix.private } : { allowed: false, private: false },
      team,
    },
    licence: licenceInfo(row.licence),
    remixes: Number(row.remix_count ?? 0),
    basedOn: source
      ? {
          id: source.id,
          slug: source.slug,
          title: source.title,
          author: source.author_name,
          published: source.status === 'published',
        }
      : null,
    ratingBreakdown: breakdown,
    tests: row.test_board ? (JSON.parse(row.test_board) as TestBoard) : null,
    examples,
    updatedAt: row.updated_at,
  };
  return { detail, published: row.status === 'published' };
}

/**
 * What a premium prompt's page says to a member of a team (decision 063): "Your team owns this", or
 * "Buy for <team>" to its owners and admins. Null for anyone in no team, and for other prompts.
 */
async function teamOffer(
  db: MarketplaceDeps['db'],
  row: { id: string; type: string; status: string; author_id: string; team_id: string | null },
  userId: string,
  purchase: 'own' | 'team' | null,
): Promise<PromptDetail['access']['team']> {
  if (row.type !== 'premium' || row.team_id !== null) return null;
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const owned = purchase === 'team' || (await teamOwnsPrompt(db, row.id, membership.team_id));
  const canBuy =
    !owned && membership.role !== 'member' && row.status === 'published' && row.author_id !== userId;
  return { name: membership.name, owned, canBuy };
}

/**
 * A page read earlier with its prompt's counters read again, the rest as it was: for a cached page
 * after a like or a counted view, which change nothing else a page shows (migration 0017).
 * Undefined when the prompt is gone.
 */
export async function withCurrentCounters(
  deps: MarketplaceDeps,
  detail: PromptDetail,
): Promise<PromptDetail | undefined> {
  const counters = await repo.findPromptCounters(deps.db, detail.id);
  return counters && { ...detail, ...talliesOf(counters) };
}

/** A prompt's page; counts the view once per viewer per day. */
export async function getPromptDetail(deps: MarketplaceDeps, idOrSlug: string, viewer: Viewer) {
  const { detail, published } = await readPromptDetail(deps, idOrSlug, viewer.auth);
  if (published) await countView(deps, detail.id, viewer);
  return detail;
}
