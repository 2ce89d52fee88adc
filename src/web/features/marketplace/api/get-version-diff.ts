import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionDiff } from '@shared/versions';
import { api } from '@/lib/api-client';

export function getVersionDiff(promptId: string, from: number, to: number, signal?: AbortSignal) {
  return api.get<VersionDiff>(
    `/marketplace/prompts/${encodeURIComponent(promptId)}/diff`,
    { from, to },
    signal,
  );
}

/** What changed between two versions, line by line (for those who may read the prompt's text). */
export function useVersionDiff(
  promptId: string,
  viewerId: string | null,
  pair: { from: number; to: number } | null,
) {
  return useQuery(
    queryOptions({
      queryKey: ['marketplace', 'diff', promptId, viewerId ?? 'visitor', pair?.from, pair?.to] as const,
      queryFn: ({ signal }) => getVersionDiff(promptId, pair?.from ?? 0, pair?.to ?? 0, signal),
      enabled: pair !== null,
      meta: { silent: true },
    }),
  );
}
