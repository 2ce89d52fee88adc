import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppShell } from './app/app-shell';
import { seedPageData } from './app/page-data';
import { routes } from './app/router';
import { seedSiteConfig } from './lib/site-config';

/*
 * Server rendering of the public pages (decision 019). The server (src/server/plugins/app/spa-render.ts)
 * calls render() with a page's URL and puts the markup in index.html's #root, so the page draws
 * before its JavaScript has loaded; main.tsx then hydrates it. The page is rendered as an anonymous
 * visitor with the default theme, and with no data but what the server passes (a prompt's page gets
 * the prompt, the marketplace its first page of cards): the rest shows its loading state, as in the
 * browser's own first render, and fills in after hydration.
 *
 * Built by `vite build --ssr` into dist/web-ssr (see vite.config.ts); it imports no CSS.
 */

const handler = createStaticHandler(routes);

/**
 * The page's markup for #root, or null when the URL redirects (the browser then routes it itself).
 * `data` is the page's data, when the server has it (page-data.ts: a prompt's page, the marketplace);
 * `site` the deployment's facts (lib/site-config.ts), which every page's claims are drawn from.
 */
export async function render(
  url: string,
  signal?: AbortSignal,
  data?: unknown,
  site?: unknown,
): Promise<string | null> {
  const address = new URL(url, 'http://promptforge.local');
  const request = new Request(address, { signal });
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for every lazy page and Suspense boundary, so the markup is the whole page. An
  // error inside a boundary would leave that boundary for the browser to render: fail the whole
  // page instead (the server then sends it unrendered).
  let failure: unknown = null;
  const { prelude } = await prerender(
    <StrictMode>
      <AppShell
        seed={(client) => {
          seedSiteConfig(client, site);
          seedPageData(client, address.pathname, data);
        }}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
    {
      signal,
      // React outlines a large boundary and reveals it with an inline script, which the Content
      // Security Policy forbids: keep every boundary inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  const markup = await new Response(prelude).text();
  if (failure) throw failure;
  return markup;
}
