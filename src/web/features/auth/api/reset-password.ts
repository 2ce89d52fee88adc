import { useMutation } from '@tanstack/react-query';
import { apiRequestWithMessage } from '@/lib/api-client';

const DEFAULT_MESSAGE = 'Password has been reset successfully';

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export async function resetPassword(body: { token: string; password: string }): Promise<string> {
  const { message } = await apiRequestWithMessage<null>('/auth/reset-password', {
    method: 'POST',
    body,
    anonymous: true,
  });
  return message ?? DEFAULT_MESSAGE;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true } });
}
