import { describe, expect, it } from 'vitest';
import { isTokenUsable, tokenExpiresAt } from './auth-token';

const base64url = (value: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};
const jwt = (payload: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;

describe('token expiry (spec section 4)', () => {
  const now = Date.UTC(2026, 0, 1);

  it('reads exp as milliseconds', () => {
    expect(tokenExpiresAt(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('counts a token as usable until its exp', () => {
    expect(isTokenUsable(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenUsable(jwt({ exp: now / 1000 }), now)).toBe(false);
    expect(isTokenUsable(jwt({ exp: now / 1000 - 60 }), now)).toBe(false);
  });

  it('treats an unreadable token as expired', () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.!!!.c',
      jwt({}),
      jwt({ exp: 'soon' }),
      `x.${base64url([1])}.y`,
    ]) {
      expect(isTokenUsable(token, now)).toBe(false);
    }
  });

  it('reads payloads with non-ASCII text and URL-safe characters', () => {
    const token = jwt({ exp: now / 1000 + 60, name: 'Zoë ~~~???>>>' });
    expect(tokenExpiresAt(token)).toBe(now + 60_000);
  });
});
