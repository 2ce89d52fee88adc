import { RouterProvider } from 'react-router';
import { AppShell } from './app-shell';
import type { createAppRouter } from './router';

/** The app around its router (one for the page's lifetime, made by main.tsx: it owns the history listener). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
