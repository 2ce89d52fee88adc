import { useMutation } from '@tanstack/react-query';
import { apiRequestWithMessage } from '@/lib/api-client';

const DEFAULT_MESSAGE = 'Password reset link has been sent to your email';

/**
 * POST /api/auth/forgot-password. The answer is the same whether or not the address has an account,
 * so the page can only ever say the link is on its way.
 */
export async function forgotPassword(body: { email: string }): Promise<string> {
  const { message } = await apiRequestWithMessage<null>('/auth/forgot-password', {
    method: 'POST',
    body,
    anonymous: true,
  });
  return message ?? DEFAULT_MESSAGE;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: { silent: true } });
}
