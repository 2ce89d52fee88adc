import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUrl, totpAt, verifyTotp } from './totp';

// RFC 6238 appendix B, SHA-1 rows: the seed is the ASCII string "12345678901234567890".
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each(RFC_VECTORS)('gives the RFC value at T=%i', (seconds, expected) => {
    expect(totpAt(RFC_SEED, seconds * 1000, 8)).toBe(expected);
    // Six digits, as authenticator apps show, are the last six of the same value.
    expect(totpAt(RFC_SEED, seconds * 1000)).toBe(expected.slice(2));
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expected.forEach((code, counter) => expect(hotp(RFC_SEED, counter)).toBe(code));
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar');
    expect(() => base32Decode('M1')).toThrow();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the current step and one either side, and nothing further', () => {
    const secret = base32Encode(RFC_SEED);
    const now = 1111111111 * 1000;
    const at = (offsetSeconds: number) => totpAt(RFC_SEED, now + offsetSeconds * 1000);
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, at(0), now)).toBe(step);
    expect(verifyTotp(secret, at(-30), now)).toBe(step - 1);
    expect(verifyTotp(secret, at(30), now)).toBe(step + 1);
    expect(verifyTotp(secret, at(-60), now)).toBeNull();
    expect(verifyTotp(secret, at(60), now)).toBeNull();
    expect(verifyTotp(secret, '12345', now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const url = new URL(
      otpauthUrl({ secret: 'JBSWY3DPEHPK3PXP', account: 'ada@example.test', issuer: 'Promptforge' }),
    );
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Promptforge:ada@example.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Promptforge',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
