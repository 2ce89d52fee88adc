import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readPageData, seedPageData } from './app/page-data';
import { createAppRouter, preloadPages } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A page the server rendered (entry-server.tsx) has its markup in #root already.
const serverRendered = root.hasChildNodes();
const router = createAppRouter({ serverRendered });
// The data the server rendered the page with, if any: the first render starts from it too.
const pageData = serverRendered ? readPageData() : undefined;
/** Announces that the app has taken the page over (public/start-app.js settles `promptforgeStarted`). */
function Started() {
  useEffect(() => {
    document.dispatchEvent(new Event('promptforge:started'));
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App router={router} seed={(client) => seedPageData(client, window.location.pathname, pageData)} />
    <Started />
  </StrictMode>
);
// In a transition, React renders (or hydrates) in slices of a few milliseconds and lets the browser
// handle input between them, instead of one long task. A page the server rendered (entry-server.tsx)
// is hydrated, once its page's module is here (see preloadPages): its markup stays on screen and
// React attaches to it.
if (serverRendered) {
  void preloadPages(window.location.pathname)
    .catch(() => {
      // The page's module failed to load: hydrating shows the route's error page, as a render would.
    })
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  startTransition(() => void createRoot(root).render(app));
}
