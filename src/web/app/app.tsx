import { RouterProvider } from 'react-router';
import { AppShell } from './app-shell';
import { createAppRouter } from './router';

// One router for the page's lifetime: it owns the history listener, so it must not be re-created on render.
const router = createAppRouter();

export function App() {
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
