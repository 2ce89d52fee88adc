import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginInput } from '@shared/auth';
import { apiRequest } from '@/lib/api-client';
import { parseAuthResult } from './auth-result';

/** POST /api/auth/login: a web session. */
export async function login(body: LoginInput): Promise<AuthResult> {
  return parseAuthResult(await apiRequest<unknown>('/auth/login', { method: 'POST', body, anonymous: true }));
}

export function useLogin() {
  // The form shows failures in its own alert.
  return useMutation({ mutationFn: login, meta: { silent: true } });
}
