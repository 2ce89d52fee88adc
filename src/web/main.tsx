import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// In a transition, React renders (or hydrates) in slices of a few milliseconds and lets the browser
// handle input between them, instead of one long task. A page the server rendered (entry-server.tsx)
// is hydrated: its markup stays on screen and React attaches to it.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
