import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/*
 * Session tokens: HS256 JWTs (the only algorithm accepted on verify) with issuer, audience (the web
 * app or the admin panel), a type, expiry and the session id. A token proves nothing by itself: every
 * request also checks its session row is live (see plugins/app/auth.ts).
 */

export type Audience = 'web' | 'admin';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  audience: Audience;
  expiresAt: Date;
}

export type VerifyFailure = 'expired' | 'invalid';

export interface TokenService {
  sign(
    claims: Omit<TokenClaims, 'expiresAt'>,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string, audience: Audience): Promise<TokenClaims | VerifyFailure>;
}

const ISSUER = 'promptforge';
const TYPE = 'access';
const audienceClaim = (a: Audience) => `promptforge:${a}`;

/** How many verified tokens are remembered; the oldest is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  /*
   * Tokens that passed verification, by their text. Whether a token's signature and claims are
   * valid depends only on its text and the secret; only time changes the answer, so a remembered
   * token is checked against its expiry on every use (and goes back through jose once expired).
   * Revocation is not a property of the token: the session row is still read on every request.
   */
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  return {
    async sign(claims, ttlSeconds) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const exp = nowSeconds + ttlSeconds;
      const token = await new SignJWT({ sid: claims.sessionId, typ: TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(audienceClaim(claims.audience))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, audience) {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once the current second reaches `exp`.
        if (known.expiresAt.getTime() > Math.floor(Date.now() / 1000) * 1000) {
          return known.audience === audience ? known : 'invalid';
        }
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audienceClaim(audience),
          requiredClaims: ['sub', 'exp', 'sid', 'typ'],
        });
        if (payload.typ !== TYPE || typeof payload.sid !== 'string' || !payload.sub || !payload.exp)
          return 'invalid';
        const claims: TokenClaims = {
          userId: payload.sub,
          sessionId: payload.sid,
          audience,
          expiresAt: new Date(payload.exp * 1000),
        };
        remember(token, claims);
        return claims;
      } catch (err) {
        return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
