import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Preset,
  type PresetInput,
  PresetListSchema,
  PresetSchema,
  type StartPreset,
} from '@shared/playground-settings';
import { api } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/** The user's chat presets and the admin's default one for their plan: GET and POST /api/playground/presets. */

export async function getPresets(
  signal?: AbortSignal,
): Promise<{ presets: Preset[]; default: StartPreset | null }> {
  return PresetListSchema.parse(await api.get<unknown>('/playground/presets', undefined, signal));
}

const presetsKey = () => [...playgroundKeys.all, 'presets'] as const;

export function usePresets() {
  return useQuery(
    queryOptions({
      queryKey: presetsKey(),
      queryFn: ({ signal }) => getPresets(signal),
      staleTime: 60 * 1000,
      meta: { silent: true },
    }),
  );
}

export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    // The caller says what failed, in its own toast.
    meta: { silent: true },
    mutationFn: async (input: PresetInput) =>
      PresetSchema.parse(await api.post<unknown>('/playground/presets', input)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: presetsKey() }),
  });
}
