import { useMutation } from '@tanstack/react-query';
import { type AdminSignInInput, TOTP_REQUIRED_FIELD } from '@shared/admin-settings';
import type { AuthResult } from '@shared/auth';
import { ApiError, apiRequest } from '@/lib/api-client';
import { parseAuthResult } from './auth-result';

/**
 * POST /api/auth/admin/login: an admin-panel session, granted to administrators only (403 otherwise).
 * An admin with two-factor on also sends the code from the authenticator app.
 */
export async function adminLogin(body: AdminSignInInput): Promise<AuthResult> {
  return parseAuthResult(
    await apiRequest<unknown>('/auth/admin/login', { method: 'POST', body, anonymous: true }),
  );
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin, meta: { silent: true } });
}

/** True when the server answered that this admin signs in with a two-factor code. */
export function needsTotpCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'AUTHENTICATION_ERROR' &&
    error.details.some((d) => d.field === TOTP_REQUIRED_FIELD)
  );
}
