import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SiteConfig, SiteConfigSchema } from '@shared/site';
import { api } from '@/lib/api-client';

/** GET /api/site/config: whether this deployment is a demo, and then its demo accounts. */
export async function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return SiteConfigSchema.parse(await api.get<unknown>('/site/config', undefined, signal));
}

export function getSiteConfigQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    // Fixed for the server's lifetime.
    staleTime: Infinity,
    // Without it the admin login simply shows no demo box; a toast would be noise.
    meta: { silent: true },
  });
}

export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}
