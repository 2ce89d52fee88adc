import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ModelInfo, ModelListSchema } from '@shared/playground';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** GET /api/playground/models: the three choices and which of them answer live. */
export async function getModels(signal?: AbortSignal): Promise<ModelInfo[]> {
  return ModelListSchema.parse(await api.get<unknown>('/playground/models', undefined, signal)).models;
}

export function getModelsQueryOptions() {
  return queryOptions({
    queryKey: playgroundKeys.models(),
    queryFn: ({ signal }) => getModels(signal),
    // Which keys the server has changes only with a restart.
    staleTime: 30 * 60 * 1000,
    // Without the list the picker still offers the three models, just without Live or Demo.
    meta: { silent: true },
  });
}

export function useModels() {
  return useQuery(getModelsQueryOptions());
}
