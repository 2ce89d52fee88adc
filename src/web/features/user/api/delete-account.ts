import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/user/account: removes the account and its data once the password is confirmed. */
export function deleteAccount(body: { password: string }): Promise<null> {
  return apiRequest<null>('/user/account', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { silent: true } });
}
