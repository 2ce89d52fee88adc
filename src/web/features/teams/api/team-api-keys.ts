import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKeyCreateInput,
  type TeamApiKey,
  type TeamApiKeyCreated,
  TeamApiKeyCreatedSchema,
  type TeamApiKeyList,
  TeamApiKeyListSchema,
  TeamApiKeySchema,
} from '@shared/api-keys';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/*
 * A team's API keys (decision 071), for its owners and admins: GET, POST and DELETE
 * /api/team/api-keys. Kept under the team's query key, so leaving or losing the team drops them.
 */

export const teamApiKeyKeys = { all: [...teamKeys.all, 'api-keys'] as const };

export async function getTeamApiKeys(signal?: AbortSignal): Promise<TeamApiKeyList> {
  return TeamApiKeyListSchema.parse(await api.get<unknown>('/team/api-keys', undefined, signal));
}

export function useTeamApiKeys(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: teamApiKeyKeys.all,
      queryFn: ({ signal }) => getTeamApiKeys(signal),
      staleTime: 15 * 1000,
      enabled,
      // The section shows its own error state with a retry.
      meta: { silent: true },
    }),
  );
}

/** The answer holds the token, shown this once. */
export async function createTeamApiKey(body: ApiKeyCreateInput): Promise<TeamApiKeyCreated> {
  return TeamApiKeyCreatedSchema.parse(await api.post<unknown>('/team/api-keys', body));
}

export function useCreateTeamApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTeamApiKey,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamApiKeyKeys.all }),
  });
}

/** The key stops working at once. */
export async function revokeTeamApiKey(id: string): Promise<TeamApiKey> {
  return TeamApiKeySchema.parse(await api.delete<unknown>(`/team/api-keys/${encodeURIComponent(id)}`));
}

export function useRevokeTeamApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeTeamApiKey,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamApiKeyKeys.all }),
  });
}
