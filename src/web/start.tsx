/*
 * The app's start (main.tsx imports it once React is evaluated, in a task of its own): makes the
 * router, reads the page's data and hydrates the page the server rendered, or renders one.
 */
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readPageData, seedPageData } from './app/page-data';
import { createAppRouter, preloadPages } from './app/router';
import { prepareClassNames } from './lib/cn';
import { readSiteConfig, seedSiteConfig } from './lib/site-config';
import { nextTask } from './lib/next-task';

/** Announces that the app has taken the page over (public/start-app.js settles `promptforgeStarted`). */
function Started() {
  useEffect(() => {
    document.dispatchEvent(new Event('promptforge:started'));
  }, []);
  return null;
}

export async function start(root: HTMLElement) {
  // The app's modules were evaluated in the task that loaded them (tens of milliseconds on a slow
  // phone); the app starts in the next one, so that no single task holds both.
  await nextTask();
  // A page the server rendered (entry-server.tsx) has its markup in #root already.
  const serverRendered = root.hasChildNodes();
  const router = createAppRouter({ serverRendered });
  // Making the router (matching the address against every route) is a task's worth on a slow phone.
  await nextTask();
  // The data the server rendered the page with, if any: the first render starts from it too.
  const pageData = serverRendered ? readPageData() : undefined;
  const site = serverRendered ? readSiteConfig() : undefined;
  const seed = (client: QueryClient) => {
    seedSiteConfig(client, site);
    seedPageData(client, window.location.pathname, pageData);
  };
  const app = (
    <StrictMode>
      <App router={router} seed={seed} />
      <Started />
    </StrictMode>
  );
  // A page the server rendered is hydrated once its page's module is here (see preloadPages): its
  // markup stays on screen and React attaches to it.
  const pageLoaded = serverRendered
    ? preloadPages(router).catch(() => {
        // The page's module failed to load: hydrating shows the route's error page, as a render would.
      })
    : undefined;
  // Meanwhile the tables every component's class names are merged with (lib/cn.ts), in tasks of
  // their own: built by the first component that needs them, they were a long slice of hydration.
  await prepareClassNames(nextTask);
  // In a transition, React renders (or hydrates) in slices of a few milliseconds and lets the
  // browser handle input between them, instead of one long task.
  if (serverRendered) {
    await pageLoaded;
    startTransition(() => void hydrateRoot(root, app));
  } else {
    startTransition(() => void createRoot(root).render(app));
  }
}
