import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, isSafeReturnPath, readAuthState, rememberOrigin } from './auth-redirect';

const user = { role: 'user' as const };
const admin = { role: 'admin' as const };

describe('where signing in leads (spec section 2, access guard)', () => {
  it('goes home by role without a remembered page', () => {
    expect(destinationAfterSignIn(user, null)).toBe('/dashboard');
    expect(destinationAfterSignIn(admin, undefined)).toBe('/admin/dashboard');
  });

  it('returns to the remembered page', () => {
    expect(destinationAfterSignIn(user, { from: '/settings' })).toBe('/settings');
    expect(destinationAfterSignIn(admin, { from: '/admin/users?q=ada' })).toBe('/admin/users?q=ada');
  });

  it('never sends a non-administrator back into the admin panel', () => {
    expect(destinationAfterSignIn(user, { from: '/admin/dashboard' })).toBe('/dashboard');
  });

  it('ignores other sites and sign-in pages', () => {
    for (const from of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      '/auth/login',
      '/admin/login',
      'x',
    ]) {
      expect(isSafeReturnPath(from)).toBe(false);
      expect(readAuthState({ from }).from).toBeUndefined();
    }
  });

  it('remembers the whole address of the page turned away', () => {
    expect(rememberOrigin({ pathname: '/settings', search: '?tab=1', hash: '#theme' })).toEqual({
      from: '/settings?tab=1#theme',
    });
    expect(rememberOrigin({ pathname: '/auth/login', search: '', hash: '' })).toBeUndefined();
  });

  it('reads a notice passed to the login page', () => {
    expect(readAuthState({ message: 'Password reset successful.' }).message).toBe(
      'Password reset successful.',
    );
    expect(readAuthState({ message: 42 })).toEqual({ from: undefined, message: undefined });
  });
});
