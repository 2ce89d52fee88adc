import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginInput } from '@shared/auth';
import { apiRequest } from '@/lib/api-client';
import { parseAuthResult } from './auth-result';

/** POST /api/auth/admin/login: an admin-panel session, granted to administrators only (403 otherwise). */
export async function adminLogin(body: LoginInput): Promise<AuthResult> {
  return parseAuthResult(
    await apiRequest<unknown>('/auth/admin/login', { method: 'POST', body, anonymous: true }),
  );
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin, meta: { silent: true } });
}
