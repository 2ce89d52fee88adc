import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Server rendering of the public pages (decision 019). `vite build --ssr` writes
 * dist/web-ssr/entry-server.js (src/web/entry-server.tsx), whose render(url, signal, data) returns a
 * page's markup as an anonymous visitor sees it, with no data but what the server passes. It goes into index.html's #root, so
 * the browser draws the page from the HTML alone, and the app then hydrates it.
 *
 * Most pages depend only on the page and the build, so each is rendered once per build and kept. A
 * prompt's page is rendered with the prompt in it, the marketplace with its first page of cards and
 * the home page with its showcase's cards and its figures (`PageData`: the anonymous answers of the
 * API's own caches, decision 010), so their text is there before any script runs; the data
 * travels in the page as JSON for the browser to start from
 * (src/web/app/page-data.ts). Those renders are kept per address and answer (a changed prompt or
 * list is a new answer), for the most recent MAX_DATA_PAGES addresses, and at most MAX_DATA_RENDERS
 * run at once: past that, or when the data is not there (an unknown prompt, or one not public), the
 * address gets the frame rendered without data (shared by every prompt's page), whose data the
 * browser loads.
 * Only the public pages below are rendered, and only without a query string (the marketplace's
 * filters live there: the browser renders those). When the build has no server entry, or a render
 * fails or takes too long, the page is the plain index.html the browser renders on its own.
 */

const STATIC_PAGE = /^\/(?:features|about|pricing|marketplace|privacy|terms|cookies|support)?\/?$/;
const PROMPT_PAGE = /^\/marketplace\/([^/?]+)\/?$/;
const MARKETPLACE_PAGE = /^\/marketplace\/?$/;
const RENDER_TIMEOUT_MS = 5000;
const ROOT_TAG = '<div id="root"></div>';
/** Prompt pages rendered with their data, kept (least recently asked for go first). */
const MAX_DATA_PAGES = 500;
/** Renders with data at once; more requests meanwhile get the shared frame (a render is CPU). */
const MAX_DATA_RENDERS = 2;

/** A page's data: what the browser starts from, and a tag that changes whenever it does. */
export interface PageData {
  tag: string;
  data: () => unknown;
}

/**
 * The data as a JSON data block (never executed, so the Content Security Policy has no say), with
 * every `<` escaped so no text in it can close the element.
 */
export function pageDataScript(data: unknown, id = 'page-data'): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/**
 * index.html for a rendered page: its entry script and module preloads, with the page's own modules,
 * handed to /start-app.js, which fetches them at low priority and runs the entry after the first
 * paint (decision 019). Unchanged when it has no entry script.
 */
export function startAfterPaint(html: string, pageModules: readonly string[] = []): string {
  let entry = '';
  const preloads: string[] = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) return html;
  const preload = [...pageModules, ...preloads].join(' ');
  return rest.replace(
    '</head>',
    () =>
      `  <script src="/start-app.js" async data-entry="${entry}" data-preload="${preload}"></script>\n  </head>`,
  );
}

/** The index.html a page is made from: its text, its ETag, and the page's own modules (spa-preload.ts). */
export interface IndexPage {
  html: () => string;
  tag: string;
  pageModules: readonly string[];
}

type RenderFn = (url: string, signal?: AbortSignal, data?: unknown, site?: unknown) => Promise<string | null>;

/**
 * Where the server finds a page's data (filled in by the modules that own it; the marketplace's
 * routes give a prompt's anonymous answer).
 */
export interface PageSources {
  /**
   * 'missing' when no public prompt has that id or slug (the page is then answered with status 404,
   * as the API answers); null when its data could not be read (the page is sent without it).
   */
  prompt?: (idOrSlug: string) => Promise<PageData | 'missing' | null>;
  /** The marketplace's first page of cards and its category counts. */
  marketplace?: () => Promise<PageData | null>;
  /** The home page's showcase: the marketplace's first few cards. */
  homePrompts?: () => Promise<PageData | null>;
  /** The home page's stats strip. */
  siteStats?: () => Promise<PageData | null>;
  /**
   * The deployment's facts (the site module's config: TLS, payments, currency, live models), the same
   * for every page and fixed while the server runs: every rendered page is drawn with them and carries
   * them for the browser, so what the site says of itself is true from the first paint.
   */
  site?: () => unknown;
}

/** The home page's data: its cards and its figures, each null when its source has none. */
async function homeData(sources: PageSources): Promise<PageData | null> {
  const [prompts, stats] = await Promise.all([
    sources.homePrompts?.() ?? null,
    sources.siteStats?.() ?? null,
  ]);
  if (!prompts && !stats) return null;
  return {
    tag: `${prompts?.tag ?? '-'}|${stats?.tag ?? '-'}`,
    data: () => ({ prompts: prompts?.data() ?? null, stats: stats?.data() ?? null }),
  };
}

/**
 * The data of the page at `url`, when it is a page that has some and its source has it; 'missing'
 * for a prompt's page that names no public prompt.
 */
export async function pageDataFor(sources: PageSources, url: string): Promise<PageData | 'missing' | null> {
  if (url === '/') return homeData(sources);
  if (MARKETPLACE_PAGE.test(url)) return sources.marketplace ? sources.marketplace() : null;
  const id = PROMPT_PAGE.exec(url)?.[1];
  if (id === undefined || !sources.prompt) return null;
  let idOrSlug: string;
  try {
    idOrSlug = decodeURIComponent(id);
  } catch {
    return 'missing';
  }
  return sources.prompt(idOrSlug);
}

/** Which rendered page an address shows (every prompt page without its data shares one frame), or null. */
export function renderedPage(url: string): string | null {
  if (url.includes('?')) return null;
  if (STATIC_PAGE.test(url)) return url.length > 1 ? url.replace(/\/$/, '') : url;
  return PROMPT_PAGE.test(url) ? '/marketplace/:id' : null;
}

/**
 * The server build's render function, imported once. A build replaced under a running server is not
 * imported again: pages go unrendered until the server restarts.
 */
function rendererLoader(entryFile: string | null, log: FastifyBaseLogger) {
  let loaded: { mtimeMs: number; render: Promise<RenderFn | null> } | null = null;
  let staleLogged = false;
  return function renderer(): Promise<RenderFn | null> {
    if (!entryFile) return Promise.resolve(null);
    const stat = fs.statSync(entryFile, { throwIfNoEntry: false });
    if (!stat) return Promise.resolve(null);
    if (!loaded) {
      loaded = {
        mtimeMs: stat.mtimeMs,
        render: import(pathToFileURL(entryFile).href).then(
          (module: { render?: RenderFn }) => module.render ?? null,
          (error: unknown) => {
            log.error({ err: error }, 'the server rendering module failed to load');
            return null;
          },
        ),
      };
    } else if (loaded.mtimeMs !== stat.mtimeMs) {
      // Rebuilt under a running server. The module cannot be imported again (its chunks would load
      // twice, each with its own React contexts), and markup from the old build could differ from
      // the new scripts: pages go unrendered until the server restarts.
      if (!staleLogged) log.warn('the web app was rebuilt: restart the server to render pages again');
      staleLogged = true;
      return Promise.resolve(null);
    }
    return loaded.render;
  };
}

/** `key`'s page from `store`, rendered when missing; a failed render is not kept. */
function cached<T>(
  store: Map<string, { tag: string; page: Promise<T | null> }>,
  key: string,
  tag: string,
  make: () => Promise<T | null>,
) {
  const known = store.get(key);
  if (known && known.tag === tag) {
    // Most recently used last, so the oldest go first when the store is full.
    store.delete(key);
    store.set(key, known);
    return known.page;
  }
  const page = make();
  const held = { tag, page };
  store.delete(key);
  store.set(key, held);
  void page.then((html) => {
    if (html === null && store.get(key) === held) store.delete(key);
  });
  return page;
}

/**
 * Returns `render(url, index, data)`: `finish` of index.html with the page's markup in #root (made
 * once per page and build, or per address and data tag for a page with data), or null when the page
 * is not rendered on the server (not one of the pages above, no server build, or its render failed).
 */
export function createPageRenderer<T>(
  ssrRoot: string | null,
  log: FastifyBaseLogger,
  finish: (html: string) => T,
  site: () => unknown = () => undefined,
) {
  const entryFile = ssrRoot ? path.join(ssrRoot, 'entry-server.js') : null;
  const renderer = rendererLoader(entryFile, log);
  const pages = new Map<string, { tag: string; page: Promise<T | null> }>();
  let pagesFor = '';

  async function renderPage(url: string, index: IndexPage, data?: PageData): Promise<T | null> {
    const render = await renderer();
    if (!render) return null;
    try {
      const html = index.html();
      if (!html.includes(ROOT_TAG)) return null;
      const value = data?.data();
      const facts = site();
      const markup = await render(url, AbortSignal.timeout(RENDER_TIMEOUT_MS), value, facts);
      const script =
        (data ? pageDataScript(value) : '') +
        (facts === undefined ? '' : pageDataScript(facts, 'site-config'));
      return markup === null
        ? null
        : finish(
            startAfterPaint(html, index.pageModules).replace(
              ROOT_TAG,
              () => `<div id="root">${markup}</div>${script}`,
            ),
          );
    } catch (error) {
      log.warn({ err: error, path: url }, 'server rendering failed; sending the page unrendered');
      return null;
    }
  }

  const dataPages = new Map<string, { tag: string; page: Promise<T | null> }>();
  let dataRenders = 0;

  return function render(url: string, index: IndexPage, data?: PageData | null): Promise<T | null> {
    const key = entryFile ? renderedPage(url) : null;
    if (key === null) return Promise.resolve(null);
    // A new index.html is a new build: what was rendered for the old one goes.
    if (index.tag !== pagesFor) {
      pages.clear();
      dataPages.clear();
      pagesFor = index.tag;
    }
    if (data) {
      const known = dataPages.get(url);
      if ((known && known.tag === data.tag) || dataRenders < MAX_DATA_RENDERS) {
        return cached(dataPages, url, data.tag, () => {
          dataRenders += 1;
          const page = renderPage(url, index, data);
          void page.finally(() => (dataRenders -= 1));
          while (dataPages.size >= MAX_DATA_PAGES) dataPages.delete(dataPages.keys().next().value!);
          return page;
        });
      }
    }
    return cached(pages, key, '', () => renderPage(url, index));
  };
}
