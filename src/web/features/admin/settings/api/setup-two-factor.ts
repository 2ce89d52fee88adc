import { useMutation } from '@tanstack/react-query';
import { type TotpSetup, TotpSetupSchema } from '@shared/admin-settings';
import { api } from '@/lib/api-client';

/** POST /api/admin/settings/2fa/setup: a new authenticator key, pending until a code confirms it. */
export async function setupTwoFactor(): Promise<TotpSetup> {
  return TotpSetupSchema.parse(await api.post<unknown>('/admin/settings/2fa/setup'));
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor, meta: { silent: true } });
}
