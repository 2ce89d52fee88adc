import { type AuthResult, AuthResultSchema, UserSchema } from '@shared/auth';

/**
 * Spec section 5: a login or sign-up answer must carry a token and a user ('Invalid response from
 * server'), and the user must be well formed ('Invalid user data received').
 */
export function parseAuthResult(data: unknown): AuthResult {
  const shape = data as { token?: unknown; user?: unknown } | null;
  if (!shape || typeof shape.token !== 'string' || !shape.token || shape.user === undefined) {
    throw new Error('Invalid response from server');
  }
  if (!UserSchema.safeParse(shape.user).success) throw new Error('Invalid user data received');
  return AuthResultSchema.parse(data);
}
