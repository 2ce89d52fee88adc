import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '../../../shared/api-keys';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import type { AuthContext } from '../../plugins/app/auth';
import { apiKeyAuthContext } from '../api-keys/authenticate';
import type { ApiKeysService } from '../api-keys/service';
import { type McpDeps, mcpServerFor } from './tools';

/*
 * The MCP server at /mcp (issue 59, decision 052): Streamable HTTP, stateless. Each POST carries an
 * API key (`Authorization: Bearer pf_...`), checked like every /api call (live, its plan has API
 * access, its per-minute limit), and gets an MCP server of its own for the key's owner, so a revoked
 * key, a lapsed plan or a suspended account stops working at the next message. Without sessions
 * there is no server-to-client stream: GET and DELETE answer 405, as the transport's stateless mode
 * expects. A refusal before the MCP exchange is the API's error envelope. A team's key (decision
 * 071) gets the same tools acting for its team: the team's library, its pool.
 */

const WINDOW_MS = 60_000;

export interface McpRouteOptions extends McpDeps {
  apiKeys: ApiKeysService;
  limiter: Limiter;
  /** Requests per client address a minute (the API's RATE_LIMIT_MAX). */
  perAddress: number;
}

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export async function mcpRoutes(app: FastifyInstance, options: McpRouteOptions) {
  async function authorize(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
    // The API's per-address limit does not cover /mcp: without a valid key each call still costs a lookup.
    const hit = await options.limiter.hit(`mcp:${request.ip}`, WINDOW_MS);
    if (hit.count > options.perAddress) {
      throw new AppError('RATE_LIMIT_ERROR', undefined, { retryAfterSeconds: Math.ceil(hit.resetMs / 1000) });
    }
    const token = bearer(request);
    if (!token || !token.startsWith(API_KEY_PREFIX)) {
      reply.header('www-authenticate', 'Bearer realm="promptforge", error="invalid_token"');
      throw new AppError(
        'AUTHENTICATION_ERROR',
        'The MCP server needs an API key: Authorization: Bearer pf_...',
      );
    }
    const identity = await options.apiKeys.identify(token);
    if (!identity.scopes.includes('library:read') && !identity.scopes.includes('playground:use')) {
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.missingScope('library:read'));
    }
    return apiKeyAuthContext(identity);
  }

  app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
    const auth = await authorize(request, reply);
    const server = mcpServerFor(options, auth, auth.apiKey!.scopes);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only).' },
            id: null,
          }),
    });
  }
}
