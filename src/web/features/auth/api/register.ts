import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterInput } from '@shared/auth';
import { apiRequest } from '@/lib/api-client';
import { parseAuthResult } from './auth-result';

/** POST /api/auth/register: creates the account and signs it in. */
export async function register(body: RegisterInput): Promise<AuthResult> {
  return parseAuthResult(
    await apiRequest<unknown>('/auth/register', { method: 'POST', body, anonymous: true }),
  );
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { silent: true } });
}
