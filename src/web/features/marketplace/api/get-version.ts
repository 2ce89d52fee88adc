import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionText } from '@shared/versions';
import { api } from '@/lib/api-client';

export function getVersion(promptId: string, version: number, signal?: AbortSignal): Promise<VersionText> {
  return api.get<VersionText>(
    `/marketplace/prompts/${encodeURIComponent(promptId)}/versions/${version}`,
    undefined,
    signal,
  );
}

/** One version's title, description and text (for those who may read the prompt's text). */
export function useVersion(promptId: string, viewerId: string | null, version: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['marketplace', 'version', promptId, viewerId ?? 'visitor', version] as const,
      queryFn: ({ signal }) => getVersion(promptId, version ?? 0, signal),
      enabled: version !== null,
      meta: { silent: true },
    }),
  );
}
