import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { AuthProvider } from '@/lib/auth';
import { attachErrorToasts } from '@/lib/error-toast';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

// The toaster (sonner) is not needed to draw a page: it loads once the browser is idle. A toast
// raised before that is kept by sonner and shown when the toaster subscribes.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setReady(true), 500);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * App-wide context: data cache (whose failures toast), theme, who is signed in and the toaster.
 * `seed` fills the new data cache (with the data a server-rendered page came with: page-data.ts).
 */
export function AppProviders({
  children,
  seed,
}: {
  children: ReactNode;
  seed?: (client: QueryClient) => void;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    attachErrorToasts(client);
    seed?.(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          {children}
          <DeferredToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
