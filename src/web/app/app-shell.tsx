import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/features/errors/error-boundary';
import { AppProviders } from './providers';

/** What wraps the router, in the browser (app.tsx) and on the server (entry-server.tsx) alike. */
export function AppShell({ children, seed }: { children: ReactNode; seed?: (client: QueryClient) => void }) {
  return (
    <AppErrorBoundary>
      <AppProviders seed={seed}>{children}</AppProviders>
    </AppErrorBoundary>
  );
}
