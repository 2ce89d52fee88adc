import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Settings, SettingsSchema, type UpdateSettingsInput } from '@shared/auth';
import { apiRequestWithMessage } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

export interface UpdateSettingsResult {
  settings: Settings;
  message: string | undefined;
}

/** PUT /api/user/settings with any of name, e-mail, theme, or a password change. */
export async function updateSettings(body: UpdateSettingsInput): Promise<UpdateSettingsResult> {
  const { data, message } = await apiRequestWithMessage<unknown>('/user/settings', { method: 'PUT', body });
  return { settings: SettingsSchema.parse(data), message };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // Each card says what went wrong in its own words (a field message or the spec's toast).
    meta: { silent: true },
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
