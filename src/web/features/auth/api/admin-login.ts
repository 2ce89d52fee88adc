import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginInput } from '@shared/auth';
import { api } from '@/lib/api-client';
import { parseAuthResult } from './auth-result';

/** POST /api/auth/admin/login: an admin-panel session, granted to administrators only (403 otherwise). */
export async function adminLogin(body: LoginInput): Promise<AuthResult> {
  return parseAuthResult(await api.post<unknown>('/auth/admin/login', body));
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin, meta: { silent: true } });
}
