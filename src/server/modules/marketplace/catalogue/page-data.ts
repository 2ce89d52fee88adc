import { PAGING } from '../../../../shared/constants';
import { MarketplaceQuerySchema, PromptParamsSchema } from '../../../../shared/marketplace';
import { AppError } from '../../../lib/errors';
import type { PageData, PageSources } from '../../../plugins/app/spa-render';
import { type PromptPage, anonymousPrompt, cachedCategories, cachedList, cachedReviews } from './cached';
import type { CatalogueDeps } from './catalogue';

/*
 * The data of the server-rendered marketplace pages (decision 019): the catalogue's cached answers,
 * the same bytes the browser would be sent, travelling with the page.
 */

/** What a cached success answer carries: its envelope's data, for a server-rendered page. */
const envelopeData = (body: Buffer): unknown => (JSON.parse(body.toString('utf8')) as { data: unknown }).data;

/** Gives server rendering the marketplace's pages: the marketplace, the home page's showcase, a prompt's page. */
export function providePageData(deps: CatalogueDeps, pages: PageSources) {
  pages.marketplace = () => marketplacePage(deps);
  pages.homePrompts = () => homePrompts(deps);
  pages.prompt = (idOrSlug) => promptPage(deps, idOrSlug);
}

/*
 * The server-rendered marketplace shows the first screenful of its first page and the category
 * counts, from the same answers as the browser would ask for them (the query travels with the
 * data, so the browser files it under the query it was answered for). Only the cards the page
 * draws travel with it: with all 50 the page no longer fitted a new connection's first round trip
 * (about 14 KB compressed), and the browser asks for the whole page once it runs.
 */
const firstPage = MarketplaceQuerySchema.parse({ sort: 'latest' });
const firstScreen = (list: unknown) => {
  const { prompts, ...rest } = list as { prompts: unknown[] };
  return { ...rest, prompts: prompts.slice(0, PAGING.marketplaceFirstScreen) };
};

async function marketplacePage(deps: CatalogueDeps): Promise<PageData | null> {
  try {
    const version = await deps.catalogue.version();
    const [list, categories] = await Promise.all([
      cachedList(deps, firstPage, version),
      cachedCategories(deps, version),
    ]);
    return {
      tag: `${list.entry.etag}${categories.etag}`,
      data: () => ({
        query: firstPage,
        list: firstScreen(envelopeData(list.entry.body)),
        categories: envelopeData(categories.body),
      }),
    };
  } catch (err) {
    deps.catalogue.log.warn({ err }, "the marketplace page's data could not be read");
    return null;
  }
}

/** The home page's showcase asks for the first page of six, in the default order. */
const showcase = MarketplaceQuerySchema.parse({ page: 1, limit: PAGING.home });

async function homePrompts(deps: CatalogueDeps): Promise<PageData | null> {
  try {
    const { entry } = await cachedList(deps, showcase, await deps.catalogue.version());
    return { tag: entry.etag, data: () => envelopeData(entry.body) };
  } catch (err) {
    deps.catalogue.log.warn({ err }, "the home page's prompts could not be read");
    return null;
  }
}

/**
 * The server-rendered prompt page shows the same answer as the API, with the first page of its
 * reviews (the same for every caller). It counts no view: the browser still asks the API for the
 * prompt once, and that request counts it as before.
 */
async function promptPage(deps: CatalogueDeps, idOrSlug: string): Promise<PageData | 'missing' | null> {
  if (!PromptParamsSchema.safeParse({ id: idOrSlug }).success) return 'missing';
  try {
    const { entry } = await anonymousPrompt(deps, idOrSlug);
    const { id } = (entry.meta as PromptPage).detail;
    const reviews = await cachedReviews(deps, id, 1, PAGING.reviews).then(
      (read) => read.entry,
      (err: unknown) => {
        // The page still shows the prompt; the browser asks for its reviews.
        deps.catalogue.log.warn({ err }, "a prompt page's reviews could not be read");
        return null;
      },
    );
    return {
      tag: `${entry.etag}${reviews?.etag ?? '-'}`,
      data: () => ({
        prompt: envelopeData(entry.body),
        reviews: reviews ? envelopeData(reviews.body) : null,
      }),
    };
  } catch (err) {
    // Not there, or not public: the page loads it in the browser and shows what the API says
    // (its author, signed in, still sees a draft).
    if (err instanceof AppError && err.status === 404) return 'missing';
    if (!(err instanceof AppError))
      deps.catalogue.log.warn({ err }, "a prompt page's data could not be read");
    return null;
  }
}
