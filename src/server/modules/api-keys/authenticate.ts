import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, type ApiKeyScope } from '../../../shared/api-keys';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import type { ApiKeyIdentity, ApiKeysService } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The API key scope a route takes (one of a list, or 'any' key); a route without one refuses
     * API keys with 403, whatever their scopes (issue 59).
     */
    apiScope?: ApiKeyScope | readonly ApiKeyScope[] | 'any';
    /**
     * The route also takes a team's API key, and acts for the team with it (decision 071): a team
     * key on any other route is refused with 403, so a route is closed to team keys by default.
     */
    apiTeam?: boolean;
  }
}

/**
 * How the auth plugin checks a `Bearer pf_...` token: the key must be live and its plan must give
 * API access (ApiKeysService.identify), and the route must take one of the key's scopes.
 */
export function apiKeyAuthenticator(service: ApiKeysService) {
  return async function authenticateApiKey(request: FastifyRequest, token: string): Promise<AuthContext> {
    const identity = await service.identify(token);
    const scope = request.routeOptions.config?.apiScope;
    if (!scope) {
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.notForKeys, {
        internal: `api key on ${request.method} ${request.routeOptions.url ?? request.url}`,
      });
    }
    const needed: readonly ApiKeyScope[] | null =
      scope === 'any' ? null : typeof scope === 'string' ? [scope] : scope;
    if (needed && !needed.some((s) => identity.scopes.includes(s))) {
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.missingScope(needed[0]!));
    }
    if (identity.teamId !== null && request.routeOptions.config?.apiTeam !== true) {
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.notForTeamKeys, {
        internal: `team api key on ${request.method} ${request.routeOptions.url ?? request.url}`,
      });
    }
    return apiKeyAuthContext(identity);
  };
}

/** Who a request made with an API key acts as: the one owner of that shape, for /api and /mcp alike. */
export function apiKeyAuthContext(identity: ApiKeyIdentity): AuthContext {
  return {
    userId: identity.userId,
    sessionId: `api-key:${identity.keyId}`,
    audience: 'api',
    role: identity.role,
    apiKey: { id: identity.keyId, scopes: identity.scopes, teamId: identity.teamId },
  };
}
