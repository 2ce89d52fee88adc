import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/*
 * Session tokens: HS256 JWTs (the only algorithm accepted on verify) with issuer, audience (the web
 * app or the admin panel), a type, expiry and the session id. A token proves nothing by itself: every
 * request also checks its session row is live (see plugins/auth.ts).
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

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audienceClaim(audience),
          requiredClaims: ['sub', 'exp', 'sid', 'typ'],
        });
        if (payload.typ !== TYPE || typeof payload.sid !== 'string' || !payload.sub || !payload.exp)
          return 'invalid';
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          audience,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (err) {
        return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
