import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKey, ApiKeySchema } from '@shared/api-keys';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** DELETE /api/user/api-keys/:id: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<ApiKey> {
  return ApiKeySchema.parse(await api.delete<unknown>(`/user/api-keys/${encodeURIComponent(id)}`));
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
