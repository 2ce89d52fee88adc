import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../../shared/api-keys';
import type { Role } from '../../../shared/constants';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { enforceIpWhitelist } from '../../modules/admin/settings/service';
import { liveSessionReader, touchSession } from '../../modules/auth/service';
import type { Audience, TokenService } from '../../modules/auth/tokens';

/*
 * Who is calling. A bearer token is only the start: its session must still be live in the database
 * (not revoked by logout, a password change, a reset or a suspension, not expired) and its user
 * active. Admin endpoints take only admin-panel tokens and re-read the role from the database, and
 * refuse an admin's calls from addresses outside that admin's IP whitelist (Admin Settings > Security).
 */

export interface AuthContext {
  userId: string;
  sessionId: string;
  /** 'api': an API key (issue 59), which never acts as an admin. */
  audience: Audience | 'api';
  role: Role;
  /**
   * Set when the caller is an API key: the key, its scopes and, for a team's key, the team it acts
   * for (decision 071): then `userId` is the key's creator, through whom it acts.
   */
  apiKey?: { id: string; scopes: ApiKeyScope[]; teamId?: string | null };
}

/** Checks a `Bearer pf_...` API key for the request's route (modules/api-keys/authenticate.ts). */
export type ApiKeyAuthenticator = (request: FastifyRequest, token: string) => Promise<AuthContext>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: any signed-in user (a web or an admin-panel token). */
    authenticate: onRequestAsyncHookHandler;
    /** onRequest hook: an admin-panel token whose user is an admin right now. */
    requireAdmin: onRequestAsyncHookHandler;
    /** onRequest hook for public routes: sets request.auth when a valid token comes along, else leaves it null. */
    identify: onRequestAsyncHookHandler;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
// last_seen_at is refreshed at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

async function authPlugin(
  app: FastifyInstance,
  opts: { tokens: TokenService; apiKeys?: ApiKeyAuthenticator },
) {
  app.decorateRequest('auth', null);
  const findLiveSession = liveSessionReader(app.database.db, app.database.engine);

  async function resolve(request: FastifyRequest, audiences: Audience[]): Promise<AuthContext> {
    const token = bearer(request);
    if (!token) throw new AppError('AUTHENTICATION_ERROR');
    if (opts.apiKeys && token.startsWith(API_KEY_PREFIX)) {
      request.auth = await opts.apiKeys(request, token);
      return request.auth;
    }
    let claims = null;
    let expired = false;
    for (const audience of audiences) {
      const result = await opts.tokens.verify(token, audience);
      if (result === 'expired') expired = true;
      else if (result !== 'invalid') {
        claims = result;
        break;
      }
    }
    if (!claims) throw new AppError('AUTHENTICATION_ERROR', expired ? SESSION_EXPIRED : undefined);
    const now = nowIso();
    const session = await findLiveSession(claims.sessionId, now);
    if (!session || session.user_id !== claims.userId || session.kind !== claims.audience) {
      throw new AppError('AUTHENTICATION_ERROR', SESSION_EXPIRED, { internal: 'session revoked or unknown' });
    }
    if (session.status !== 'active') {
      throw new AppError('AUTHENTICATION_ERROR', 'This account is no longer active.', {
        internal: `account ${session.status}`,
      });
    }
    if (Date.parse(now) - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS) {
      await touchSession(app.database.db, session.session_id, session.user_id, now);
    }
    const context: AuthContext = {
      userId: session.user_id,
      sessionId: session.session_id,
      audience: claims.audience,
      role: session.role as Role,
    };
    request.auth = context;
    return context;
  }

  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    await resolve(request, ['web', 'admin']);
  });

  app.decorate('identify', async function identify(request: FastifyRequest) {
    if (!request.headers.authorization) return;
    try {
      await resolve(request, ['web', 'admin']);
    } catch (err) {
      // A stale token on a public page is not an error: the caller is simply anonymous.
      if (!(err instanceof AppError)) throw err;
    }
  });

  app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
    const context = await resolve(request, ['web', 'admin']);
    if (context.audience !== 'admin' || context.role !== 'admin') {
      throw new AppError('AUTHORIZATION_ERROR', undefined, {
        internal: `admin endpoint with a ${context.audience} token of a ${context.role}`,
      });
    }
    await enforceIpWhitelist(app.database.db, context.userId, request.ip);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
