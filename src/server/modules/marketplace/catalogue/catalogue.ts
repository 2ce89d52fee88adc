import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { type ResponseCache, type Stamp, createResponseCache } from '../../../lib/response-cache';
import type { FrontRoute } from '../../../plugins/app/front-door';
import type { MarketplaceDeps } from '../deps';
import { createViewCounter } from '../views';
import { createTallyFeed } from './feed';
import { trendingRefresh } from './trending';
import { type CatalogueVersion, catalogueVersionReader, createVersionedMap } from './version';

/*
 * The catalogue: the public marketplace's answers kept in memory, and what makes each stale.
 *
 * Which write moves what. The `catalogue_version` row is moved by triggers, never by code
 * (migrations 0012, 0014, 0016, 0017, 0031); every request reads it (one read per event-loop turn,
 * version.ts) and a kept value is used only while the version it was built under is current.
 *
 *   write                                   moves          stale
 *   a prompt added, deleted, published or   content,       every cached answer; list totals and
 *   unpublished; its category, type or       membership     every sort's page ids
 *   created date changed
 *   any other shown column of a prompt      content        every cached answer; with a rating,
 *   (title, price, flags, downloads,        (+ standing)   downloads, flag or price, the page ids
 *   rating totals, licence, remix source,                  of the sorts by them
 *   ...; 0031 for the last two)
 *   a review written, edited or deleted     content        every cached answer (review lists too)
 *   an author's name, avatar or bio changed content (+ feed) every cached answer
 *   a like or a counted view                popularity,    the answers showing that prompt (a
 *                                           feed (search)  page re-reads its counters alone), the
 *                                                          popular order's page ids
 *   a try or a sale's revenue               nothing        nothing (no public answer shows them)
 *
 * "feed" is the search feed (search_changes, feed.ts): a note of the prompt (or author) changed,
 * numbered by `catalogue_version.search`. A cached answer names the prompts whose likes and views
 * it shows and is built again only when the feed noted one of them since (decision 030).
 *
 * Kept here: the response cache (lib/response-cache.ts: unsearched lists, the categories, an
 * anonymous prompt page, a public prompt's reviews; cached.ts), each remembered at the front door
 * for its URL (decision 018) but the reviews; a second one for searches and their counts (not at
 * the front door: their URLs are many); list totals under `membership` and page ids under the
 * versions their sort depends on (version.ts); cards and their JSON per row object (../cards.ts).
 * Never cached: a signed-in caller's prompt page, a draft's reviews.
 */

export interface Catalogue {
  cache: ResponseCache;
  /** Searches' answers and counts, apart so that many different searches do not push lists out. */
  searches: ResponseCache;
  /** The catalogue's version, with the feed read up to it: the cache checks the feed's notes. */
  version(): Promise<CatalogueVersion>;
  /** The stamp an answer must be current at now (no order). */
  current(): Promise<Stamp>;
  /** The next GETs of this exact URL may be sent by the front door while the entry holds (decision 018). */
  remember(request: FastifyRequest, key: string, extra?: Partial<FrontRoute>): void;
  log: FastifyBaseLogger;
}

/** The marketplace's deps with its catalogue: what the cached answers and the routes work over. */
export interface CatalogueDeps extends MarketplaceDeps {
  catalogue: Catalogue;
}

export const stampOf = (v: CatalogueVersion, order?: string): Stamp => ({
  content: v.content,
  search: v.search,
  order,
});

/** How long the start waits for the first trending run (see openCatalogue). */
const STARTUP_REFRESH_WAIT_MS = 5000;

/**
 * Opens the catalogue for the app: its deps (database, versioned maps, the view counter), the
 * response cache following the feed, and the jobs and hooks that keep it: trending refreshed at
 * start and every ten minutes, views flushed and the feed closed on shutdown.
 */
export function openCatalogue(app: FastifyInstance): CatalogueDeps {
  const { db, engine } = app.database;
  const views = createViewCounter(db, (err) => app.log.error({ err }, 'writing views failed'));
  app.deferredWrites.register(views.flush);
  const feed = createTallyFeed(db, (err, what) => app.log.error({ err }, what));
  const cache = createResponseCache({ feed });
  const searches = createResponseCache({ feed, maxEntries: 1000, maxBytes: 16 * 1024 * 1024 });
  const readVersion = catalogueVersionReader(app.database);
  const version = async (): Promise<CatalogueVersion> => {
    const v = await readVersion();
    const following = feed.follow(v.search);
    if (following instanceof Promise) await following;
    return v;
  };
  const current = () => version().then((v) => stampOf(v));
  const catalogue: Catalogue = {
    cache,
    searches,
    version,
    current,
    remember: (request, key, extra = {}) =>
      app.frontDoor.remember(request.raw.url!, {
        label: request.routeOptions.url!,
        cache,
        key,
        stamp: current,
        vary: 'accept-encoding',
        anonymousOnly: false,
        ...extra,
      }),
    log: app.log,
  };
  const deps: CatalogueDeps = {
    db,
    engine,
    totals: createVersionedMap<number>(),
    pageIds: createVersionedMap<string[]>(512),
    views,
    catalogue,
  };

  // Trending moves with activity: recompute at start, and every ten minutes on one instance (a
  // scheduled job, decision 047), off the request path.
  // Start waits for the first run up to STARTUP_REFRESH_WAIT_MS (so a fresh process answers with
  // current badges) but no longer: on a large catalogue the first run may rewrite many rows
  // (minutes on PostgreSQL, where every index of a row gets a new entry), past Fastify's plugin
  // timeout, and the app must come up and answer meanwhile.
  const trending = trendingRefresh(deps, app.log);
  app.addHook('onReady', async () => {
    void feed.prune();
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      trending.run(),
      new Promise((resolve) => (waited = setTimeout(resolve, STARTUP_REFRESH_WAIT_MS))),
    ]);
    clearTimeout(waited);
  });
  app.jobs.work('trending-refresh', { retryLimit: 1 }, trending.run);
  app.jobs.schedule('trending-refresh', '*/10 * * * *');
  app.addHook('onClose', async () => {
    await trending.running();
    await feed.close();
    await views.flush();
  });
  return deps;
}
