import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionList } from '@shared/versions';
import { api } from '@/lib/api-client';

/** Who asks decides whether the texts may be read: the viewer is part of the key. */
export const versionsQueryKey = (promptId: string, viewerId: string | null) =>
  ['marketplace', 'versions', promptId, viewerId ?? 'visitor'] as const;

export function getVersions(promptId: string, signal?: AbortSignal): Promise<VersionList> {
  return api.get<VersionList>(
    `/marketplace/prompts/${encodeURIComponent(promptId)}/versions`,
    undefined,
    signal,
  );
}

/** A prompt's versions, newest first (number, date, note), and whether the viewer may read them. */
export function useVersions(promptId: string, viewerId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: versionsQueryKey(promptId, viewerId),
      queryFn: ({ signal }) => getVersions(promptId, signal),
      // The history shows its own failure line with a retry.
      meta: { silent: true },
    }),
  );
}
