import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { CRASH_TITLE, CrashFallback } from '@/features/errors/crash-fallback';
import { documentTitle } from './document-title';

/**
 * A page's code failed to download: usually a new release replaced the file, so only a reload
 * (which fetches the new index.html) can fix it. React.lazy also remembers the failure.
 */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message)
  );
}

/**
 * The router's errorElement: a page that threw while rendering or loading its code. Try Again
 * re-enters the same URL, which clears the router's error state, after letting failed queries refetch.
 */
export function RouteErrorPage({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const { reset: resetQueries } = useQueryErrorResetBoundary();

  useEffect(() => {
    console.error('Page crashed', error);
    document.title = documentTitle(CRASH_TITLE);
  }, [error]);

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    resetQueries();
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: location.state,
      preventScrollReset: true,
    });
  };

  return <CrashFallback error={error} onReset={retry} fullScreen={fullScreen} />;
}
