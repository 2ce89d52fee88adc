import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '@/features/errors/error-boundary';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// One router for the page's lifetime: it owns the history listener, so it must not be re-created on render.
const router = createAppRouter();

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
