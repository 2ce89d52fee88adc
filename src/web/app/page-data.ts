import { type QueryClient, hashKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { MarketplaceList, PromptDetail, ReviewList } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import type { PublicStats } from '@shared/site';
import { getHomePromptsQueryOptions } from '@/features/site/api/get-home-prompts';
import { getSiteStatsQueryOptions } from '@/features/site/api/get-site-stats';
import { type CategoryCounts, getCategoriesQueryOptions } from '@/features/marketplace/api/get-categories';
import { promptQueryKey } from '@/features/marketplace/api/get-prompt';
import { getPromptsQueryOptions } from '@/features/marketplace/api/get-prompts';
import { reviewsQueryKey } from '@/features/marketplace/api/get-reviews';
import { filtersFrom, promptsParamsFor } from '@/features/marketplace/hooks/use-marketplace-filters';
import { readDataBlock } from '@/lib/site-config';

/*
 * A page the server rendered with its data (decision 019: a prompt's page, the marketplace and the
 * home page, as an anonymous visitor sees them) carries that data in a JSON block
 * (src/server/plugins/app/spa-render.ts). The server's render and the browser's first render start from
 * it alike, so the browser hydrates the same page.
 */

const PAGE_DATA_ID = 'page-data';

/** The marketplace's data (src/server/modules/marketplace/routes.ts): its first page and the counts. */
interface MarketplacePageData {
  /** The list request it answers. */
  query: unknown;
  list: MarketplaceList;
  categories: CategoryCounts;
}

/**
 * A prompt's page's data (src/server/modules/marketplace/routes.ts): the prompt as an anonymous
 * visitor sees it, and the first page of its reviews (null when they could not be read).
 */
interface PromptPageData {
  prompt: PromptDetail;
  reviews: ReviewList | null;
}

/** The home page's data (src/server/plugins/app/spa-render.ts): its showcase and its figures. */
interface HomePageData {
  prompts: MarketplaceList | null;
  stats: PublicStats | null;
}

/**
 * The data the server put in the page, or undefined. The block is taken out of the page: its data
 * belongs to the first page only, and the document should not go on carrying it to the next.
 */
export function readPageData(): unknown {
  return readDataBlock(PAGE_DATA_ID);
}

/**
 * Puts a page's data in the query cache. A prompt's goes in as stale: the browser still fetches its
 * own copy once the session is known (that request is the one that counts the prompt's view), and
 * shows this meanwhile. Its first page of reviews goes in as fresh: a public prompt's reviews are
 * the same for every viewer. The home page's and the marketplace's categories go in as fresh: the page
 * was made from the catalogue as it is now (and is revalidated on every load), the lists and figures
 * are the same for every viewer, and asking again would only draw the same cards twice. The
 * marketplace's list comes with its first screenful of cards only (the page stays within a new
 * connection's first round trip): it goes in as stale when it is shorter than the page it answers,
 * and the browser asks for the whole page, showing these meanwhile.
 */
export function seedPageData(client: QueryClient, pathname: string, data: unknown): void {
  if (data === undefined || data === null) return;
  if (matchPath(PAGE_PATHS.home, pathname)) {
    const { prompts, stats } = data as HomePageData;
    if (prompts) client.setQueryData(getHomePromptsQueryOptions().queryKey, prompts);
    if (stats) client.setQueryData(getSiteStatsQueryOptions().queryKey, stats);
    return;
  }
  if (matchPath(PAGE_PATHS.marketplace, pathname)) {
    const { query, list, categories } = data as MarketplacePageData;
    const params = promptsParamsFor(filtersFrom(new URLSearchParams()));
    // An answer to another request (the page's defaults changed, the server's did not) is not this page's.
    if (hashKey([query]) !== hashKey([params])) return;
    const listKey = getPromptsQueryOptions(params).queryKey;
    client.setQueryData(listKey, list);
    client.setQueryData(getCategoriesQueryOptions().queryKey, categories);
    const { page, limit, total } = list.pagination;
    const onThisPage = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    if (list.prompts.length < onThisPage)
      void client.invalidateQueries({ queryKey: listKey, exact: true, refetchType: 'none' });
    return;
  }
  const match = matchPath(PAGE_PATHS.marketplacePrompt, pathname);
  if (!match?.params.id) return;
  const { prompt, reviews } = data as PromptPageData;
  const queryKey = promptQueryKey(match.params.id, null);
  client.setQueryData(queryKey, prompt);
  void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  if (reviews) client.setQueryData(reviewsQueryKey(prompt.id), { pages: [reviews], pageParams: [1] });
}
