import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminSettings,
  AdminSettingsSchema,
  type UpdateAdminSettingsInput,
} from '@shared/admin-settings';
import { apiRequestWithMessage } from '@/lib/api-client';
import { adminSettingsQueryKey } from './get-admin-settings';

export interface UpdateAdminSettingsResult {
  settings: AdminSettings;
  message: string | undefined;
}

/** PUT /api/admin/settings with one or more whole sections. */
export async function updateAdminSettings(
  body: UpdateAdminSettingsInput,
): Promise<UpdateAdminSettingsResult> {
  const { data, message } = await apiRequestWithMessage<unknown>('/admin/settings', { method: 'PUT', body });
  return { settings: AdminSettingsSchema.parse(data), message };
}

/** Each card shows its own toast (the spec's words), so failures are silent here. */
export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    meta: { silent: true },
    onSuccess: ({ settings }) => queryClient.setQueryData(adminSettingsQueryKey, settings),
  });
}
