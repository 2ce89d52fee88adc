import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSettings, AdminSettingsSchema } from '@shared/admin-settings';
import { api } from '@/lib/api-client';
import { adminSettingsQueryKey } from './get-admin-settings';

export type TwoFactorChange = 'enable' | 'disable';

/** POST /api/admin/settings/2fa/enable or /disable, with a current code from the authenticator. */
export async function confirmTwoFactor(change: TwoFactorChange, code: string): Promise<AdminSettings> {
  return AdminSettingsSchema.parse(await api.post<unknown>(`/admin/settings/2fa/${change}`, { code }));
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, code }: { change: TwoFactorChange; code: string }) =>
      confirmTwoFactor(change, code),
    meta: { silent: true },
    onSuccess: (settings) => queryClient.setQueryData(adminSettingsQueryKey, settings),
  });
}
