import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKeyCreateInput, type ApiKeyCreated, ApiKeyCreatedSchema } from '@shared/api-keys';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from './get-api-keys';

/** POST /api/user/api-keys: the answer holds the token, shown this once. */
export async function createApiKey(body: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  return ApiKeyCreatedSchema.parse(await api.post<unknown>('/user/api-keys', body));
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
