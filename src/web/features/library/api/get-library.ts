import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Library, LibrarySchema } from '@shared/library';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/** Inside the account scope: signing in as someone else drops another user's library from the cache. */
export const libraryKey = [ACCOUNT_QUERY_SCOPE, 'library'] as const;

/** GET /api/user/library: the prompts the user bought, liked and remixed. */
export async function getLibrary(signal?: AbortSignal): Promise<Library> {
  return LibrarySchema.parse(await api.get<unknown>('/user/library', undefined, signal));
}

export function useLibrary() {
  return useQuery(
    queryOptions({
      queryKey: libraryKey,
      queryFn: ({ signal }) => getLibrary(signal),
      // The page says what failed itself.
      meta: { silent: true },
      // Opening a prompt clears its "updated" badge on the server: coming back shows that.
      refetchOnMount: 'always',
    }),
  );
}
