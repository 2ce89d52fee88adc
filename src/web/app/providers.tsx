import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider } from '@/lib/auth';
import { attachErrorToasts } from '@/lib/error-toast';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

/** App-wide context: data cache (whose failures toast), theme, who is signed in, tooltip timing and the toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    attachErrorToasts(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* Spec section 9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */}
        <AuthProvider>
          <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
            {children}
            <Toaster />
          </Tooltip.Provider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
