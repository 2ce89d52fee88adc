import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppShell } from './app-shell';
import type { createAppRouter } from './router';

/** The app around its router (one for the page's lifetime, made by main.tsx: it owns the history listener). */
export function App({
  router,
  seed,
}: {
  router: ReturnType<typeof createAppRouter>;
  seed?: (client: QueryClient) => void;
}) {
  return (
    <AppShell seed={seed}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
