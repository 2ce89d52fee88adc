import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_SCOPES } from '../../../shared/api-keys';

const API_KEYS_TEXT = `

**API keys.** A user on a plan with API access makes keys in Settings > API keys (or \`POST /api/user/api-keys\`
from a signed-in session) and sends one as \`Authorization: Bearer pf_...\`. A key works on the endpoints
that list the \`apiKeyAuth\` scheme with one of its scopes (${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}),
until it expires or is revoked, and only while its owner's plan gives API access; anywhere else it gets 403
AUTHORIZATION_ERROR. Each key may make a limited number of calls a minute (429 RATE_LIMIT_ERROR past it).
The same keys authorise the MCP server at \`/mcp\`.
A team's owners and admins make team keys (\`/api/team/api-keys\`) that act for the team on the operations
marked \`x-team-keys\`, while the team's plan gives API access and their maker still manages the team.`;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod transform, plus the API key scheme on the routes that take keys (their `apiScope`). */
function withApiKeys(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const scope = input.route.config?.apiScope;
  if (!scope) return result;
  const scopes = scope === 'any' ? [...API_KEY_SCOPES] : typeof scope === 'string' ? [scope] : [...scope];
  const schema = result.schema as { security?: object[]; description?: string; 'x-team-keys'?: boolean };
  schema.security = [...(schema.security ?? [{ bearerAuth: [] }]), { apiKeyAuth: scopes }];
  const team = input.route.config?.apiTeam === true;
  if (team) schema['x-team-keys'] = true;
  const note = `API keys: ${scope === 'any' ? 'any key' : `a key with the ${scopes.map((s) => `\`${s}\``).join(' or ')} scope`}${team ? "; a team's key too, acting for the team" : ''}.`;
  schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
  return result;
}

/** OpenAPI generated from the same zod schemas the routes validate with; browsable at /api/docs. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Promptforge API',
        description:
          'Create, try, share and sell AI prompts. Every response uses the success/failure envelope.' +
          API_KEYS_TEXT,
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pf_ API key',
            description: `An API key, \`Authorization: Bearer pf_...\`; scopes: ${API_KEY_SCOPES.join(', ')}.`,
          },
        },
      },
    },
    transform: withApiKeys,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapiPlugin, { name: 'openapi' });
