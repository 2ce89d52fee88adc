import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/features/errors/error-boundary';
import { AppProviders } from './providers';

/** What wraps the router, in the browser (app.tsx) and on the server (entry-server.tsx) alike. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <AppProviders>{children}</AppProviders>
    </AppErrorBoundary>
  );
}
