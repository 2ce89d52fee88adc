import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminDefaultPreset,
  AdminDefaultPresetSchema,
  type PresetInput,
} from '@shared/playground-settings';
import { api } from '@/lib/api-client';
import { adminModelKeys } from './query-keys';

/** GET, PUT and DELETE /api/admin/models/default-preset: the chat preset new chats start from. */

export async function getDefaultPreset(signal?: AbortSignal): Promise<AdminDefaultPreset> {
  return AdminDefaultPresetSchema.parse(
    await api.get<unknown>('/admin/models/default-preset', undefined, signal),
  );
}

export function useDefaultPreset() {
  return useQuery(
    queryOptions({
      queryKey: adminModelKeys.defaultPreset(),
      queryFn: ({ signal }) => getDefaultPreset(signal),
      staleTime: 30_000,
      meta: { silent: true },
    }),
  );
}

export function useSaveDefaultPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PresetInput | null) =>
      AdminDefaultPresetSchema.parse(
        input
          ? await api.put<unknown>('/admin/models/default-preset', input)
          : await api.delete<unknown>('/admin/models/default-preset'),
      ),
    onSuccess: (data) => queryClient.setQueryData(adminModelKeys.defaultPreset(), data),
  });
}
