import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Server rendering of the public pages (decision 019). `vite build --ssr` writes
 * dist/web-ssr/entry-server.js (src/web/entry-server.tsx), whose render(url) returns a page's markup
 * as an anonymous visitor sees it before any data has loaded. It goes into index.html's #root, so
 * the browser draws the page from the HTML alone, and the app then hydrates it.
 *
 * The markup depends only on the page and the build (not on a prompt's slug: the prompt itself is
 * data, which the browser loads), so each page is rendered once per build and kept: a handful of
 * renders, however many addresses are asked for. Only the public pages below are rendered, and only
 * without a query string (the marketplace's filters live there: the browser renders those).
 * When the build has no server entry, or a render fails or takes too long, the page is the plain
 * index.html the browser renders on its own, as before.
 */

const STATIC_PAGE = /^\/(?:features|about|pricing|marketplace|privacy|terms|cookies|support)?\/?$/;
const PROMPT_PAGE = /^\/marketplace\/[^/]+\/?$/;
const RENDER_TIMEOUT_MS = 5000;
const ROOT_TAG = '<div id="root"></div>';

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

type RenderFn = (url: string, signal?: AbortSignal) => Promise<string | null>;

/** Which rendered page an address shows (every prompt's page is the same markup), or null. */
export function renderedPage(url: string): string | null {
  if (url.includes('?')) return null;
  if (STATIC_PAGE.test(url)) return url.length > 1 ? url.replace(/\/$/, '') : url;
  return PROMPT_PAGE.test(url) ? '/marketplace/:id' : null;
}

/**
 * Returns `render(url, index)`: `finish` of index.html with the page's markup in #root (made once
 * per page and build), or null when the page is not rendered on the server (not one of the pages
 * above, no server build, or its render failed).
 */
export function createPageRenderer<T>(
  ssrRoot: string | null,
  log: FastifyBaseLogger,
  finish: (html: string) => T,
) {
  const entryFile = ssrRoot ? path.join(ssrRoot, 'entry-server.js') : null;
  let loaded: { mtimeMs: number; render: Promise<RenderFn | null> } | null = null;
  const pages = new Map<string, Promise<T | null>>();
  let pagesFor = '';
  let staleLogged = false;

  function renderer(): Promise<RenderFn | null> {
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
  }

  async function renderPage(url: string, index: IndexPage): Promise<T | null> {
    const render = await renderer();
    if (!render) return null;
    try {
      const html = index.html();
      if (!html.includes(ROOT_TAG)) return null;
      const markup = await render(url, AbortSignal.timeout(RENDER_TIMEOUT_MS));
      return markup === null
        ? null
        : finish(
            startAfterPaint(html, index.pageModules).replace(
              ROOT_TAG,
              () => `<div id="root">${markup}</div>`,
            ),
          );
    } catch (error) {
      log.warn({ err: error, path: url }, 'server rendering failed; sending the page unrendered');
      return null;
    }
  }

  return function render(url: string, index: IndexPage): Promise<T | null> {
    const key = entryFile ? renderedPage(url) : null;
    if (key === null) return Promise.resolve(null);
    // A new index.html is a new build: what was rendered for the old one goes.
    if (index.tag !== pagesFor) {
      pages.clear();
      pagesFor = index.tag;
    }
    const known = pages.get(key);
    if (known) return known;
    const page = renderPage(url, index);
    pages.set(key, page);
    // A failed render is not kept: the next request tries again.
    void page.then((html) => {
      if (html === null && pages.get(key) === page) pages.delete(key);
    });
    return page;
  };
}
