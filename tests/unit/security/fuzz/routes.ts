import type { JsonSchema, ParamSpec } from './inputs';

/*
 * The fuzz plan: which token each API route is called with and where real ids for its path
 * parameters come from. Routes are read from the OpenAPI document; a route the document lists and
 * this plan does not fails the suite, so a new endpoint cannot go unfuzzed.
 */

/**
 * Tokens: `user` is the demo user, `admin` the demo admin's admin-panel token. `logout` and
 * `victim` are sessions of their own, because a fuzz case that happens to be valid signs out or
 * deletes the account, which must not take the other routes' token with it.
 */
export type Role = 'none' | 'user' | 'admin' | 'logout' | 'victim';

/** Pools of real ids, so that some cases get past the lookup and reach the body checks. */
export type IdPool =
  | 'publishedPrompt'
  | 'ownPrompt'
  | 'ownSession'
  | 'spareUser'
  | 'plan'
  | 'contactMessage'
  | 'payment'
  | 'apiKey';

export interface RoutePlan {
  role: Role;
  ids?: IdPool;
}

export const FUZZ_PLAN: Record<string, RoutePlan> = {
  'GET /api/health': { role: 'none' },
  'GET /api/ready': { role: 'none' },
  'GET /api/site/config': { role: 'none' },
  'GET /api/site/stats': { role: 'none' },
  'GET /api/marketplace/prompts': { role: 'none' },
  'GET /api/marketplace/categories': { role: 'none' },
  'GET /api/marketplace/search/counts': { role: 'none' },
  'GET /api/marketplace/prompts/{id}': { role: 'none', ids: 'publishedPrompt' },
  'GET /api/marketplace/prompts/{id}/versions': { role: 'none', ids: 'publishedPrompt' },
  'GET /api/marketplace/prompts/{id}/versions/{version}': { role: 'none', ids: 'publishedPrompt' },
  'GET /api/marketplace/prompts/{id}/diff': { role: 'none', ids: 'publishedPrompt' },
  'POST /api/marketplace/prompts/{id}/like': { role: 'user', ids: 'publishedPrompt' },
  'POST /api/marketplace/prompts/{id}/download': { role: 'user', ids: 'publishedPrompt' },
  'GET /api/marketplace/prompts/{id}/reviews': { role: 'none', ids: 'publishedPrompt' },
  'POST /api/marketplace/prompts/{id}/reviews': { role: 'user', ids: 'publishedPrompt' },
  'GET /api/marketplace/prompts/{id}/review-runs': { role: 'user', ids: 'publishedPrompt' },
  'POST /api/contact': { role: 'none' },
  'POST /api/auth/register': { role: 'none' },
  'POST /api/auth/signup': { role: 'none' },
  'POST /api/auth/login': { role: 'none' },
  'POST /api/auth/admin/login': { role: 'none' },
  'GET /api/auth/me': { role: 'user' },
  'GET /api/auth/profile': { role: 'user' },
  'POST /api/auth/logout': { role: 'logout' },
  'POST /api/auth/forgot-password': { role: 'none' },
  'POST /api/auth/reset-password': { role: 'none' },
  'GET /api/admin/session': { role: 'admin' },
  'GET /api/user/settings': { role: 'user' },
  'PUT /api/user/settings': { role: 'user' },
  'GET /api/user/api-keys': { role: 'user' },
  // The admin has no plan and may make keys, so a valid case gets past the plan check.
  'POST /api/user/api-keys': { role: 'admin' },
  'DELETE /api/user/api-keys/{id}': { role: 'user', ids: 'apiKey' },
  // Team workspaces: the fuzz user is in no team, so valid cases end in a clear refusal.
  'GET /api/team': { role: 'user' },
  'POST /api/team': { role: 'user' },
  'POST /api/team/invitations': { role: 'user' },
  'DELETE /api/team/invitations/{id}': { role: 'user' },
  'POST /api/team/join': { role: 'user' },
  'PUT /api/team/members/{userId}': { role: 'user' },
  'DELETE /api/team/members/{userId}': { role: 'user' },
  'POST /api/team/leave': { role: 'user' },
  'POST /api/team/transfer': { role: 'user' },
  'DELETE /api/team': { role: 'user' },
  // A team's API keys (decision 071): in no team, every case ends in validation or not found.
  'GET /api/team/api-keys': { role: 'user' },
  'POST /api/team/api-keys': { role: 'user' },
  'DELETE /api/team/api-keys/{id}': { role: 'user', ids: 'apiKey' },
  'DELETE /api/user/account': { role: 'victim' },
  'GET /api/playground/models': { role: 'user' },
  'POST /api/playground/uploads': { role: 'user' },
  'GET /api/playground/uploads/{id}': { role: 'user' },
  'GET /api/playground/usage': { role: 'user' },
  'GET /api/playground/team-pool': { role: 'user' },
  'POST /api/playground/chat': { role: 'user' },
  'GET /api/playground/sessions': { role: 'user' },
  'GET /api/playground/sessions/{id}': { role: 'user', ids: 'ownSession' },
  'DELETE /api/playground/sessions/{id}': { role: 'user', ids: 'ownSession' },
  'PATCH /api/playground/sessions/{id}': { role: 'user', ids: 'ownSession' },
  'PUT /api/playground/sessions/{id}/branch': { role: 'user', ids: 'ownSession' },
  'POST /api/playground/sessions/{id}/regenerate': { role: 'user', ids: 'ownSession' },
  'POST /api/playground/sessions/{id}/continue': { role: 'user', ids: 'ownSession' },
  'POST /api/playground/compare': { role: 'user' },
  'POST /api/playground/import': { role: 'user' },
  'GET /api/playground/sessions/{id}/export': { role: 'user', ids: 'ownSession' },
  'GET /api/playground/sessions/{id}/share': { role: 'user', ids: 'ownSession' },
  'PUT /api/playground/sessions/{id}/share': { role: 'user', ids: 'ownSession' },
  'DELETE /api/playground/sessions/{id}/share': { role: 'user', ids: 'ownSession' },
  'GET /api/shares/{id}': { role: 'none' },
  'GET /api/playground/presets': { role: 'user' },
  'POST /api/playground/presets': { role: 'user' },
  'PUT /api/playground/presets/{id}': { role: 'user' },
  'DELETE /api/playground/presets/{id}': { role: 'user' },
  'GET /api/playground/prompts/{id}': { role: 'user', ids: 'publishedPrompt' },
  'GET /api/user/dashboard': { role: 'user' },
  'GET /api/user/prompts': { role: 'user' },
  'POST /api/user/remixes': { role: 'user', ids: 'publishedPrompt' },
  'GET /api/user/prompts/export': { role: 'user' },
  'POST /api/user/prompts/import/preview': { role: 'user' },
  'POST /api/user/prompts/import': { role: 'user' },
  'GET /api/user/library': { role: 'user' },
  'GET /api/user/library/export': { role: 'user' },
  'POST /api/user/library/{id}/seen': { role: 'user', ids: 'publishedPrompt' },
  'POST /api/user/prompts': { role: 'user' },
  'PUT /api/user/prompts/{id}': { role: 'user', ids: 'ownPrompt' },
  'DELETE /api/user/prompts/{id}': { role: 'user', ids: 'ownPrompt' },
  'POST /api/user/prompts/{id}/publish': { role: 'user', ids: 'ownPrompt' },
  'POST /api/user/prompts/{id}/unpublish': { role: 'user', ids: 'ownPrompt' },
  'POST /api/user/prompts/{id}/versions/{version}/restore': { role: 'user', ids: 'ownPrompt' },
  'GET /api/notifications': { role: 'user' },
  'POST /api/notifications/{id}/read': { role: 'user' },
  'POST /api/notifications/read-all': { role: 'user' },
  'GET /api/user/analytics': { role: 'user' },
  'GET /api/user/prompts/{id}/tests': { role: 'user', ids: 'ownPrompt' },
  'POST /api/user/prompts/{id}/tests': { role: 'user', ids: 'ownPrompt' },
  'DELETE /api/user/prompts/{id}/tests/{caseId}': { role: 'user', ids: 'ownPrompt' },
  'GET /api/user/prompts/{id}/examples': { role: 'user', ids: 'ownPrompt' },
  'POST /api/user/prompts/{id}/examples': { role: 'user', ids: 'ownPrompt' },
  'DELETE /api/user/prompts/{id}/examples/{exampleId}': { role: 'user', ids: 'ownPrompt' },
  'GET /api/payments/plans': { role: 'none' },
  'POST /api/payments/webhook': { role: 'none' },
  'GET /api/payments/me': { role: 'user' },
  'POST /api/payments/create-order': { role: 'user' },
  'POST /api/payments/verify': { role: 'user' },
  'POST /api/payments/test-gateway/pay': { role: 'user' },
  'POST /api/payments/trial': { role: 'user' },
  'POST /api/payments/subscription/cancel': { role: 'user' },
  'POST /api/payments/subscription/resume': { role: 'user' },
  'GET /api/payments/history': { role: 'user' },
  'GET /api/payments/purchases': { role: 'user' },
  'GET /api/payment/plans': { role: 'none' },
  'POST /api/payment/webhook': { role: 'none' },
  'GET /api/payment/me': { role: 'user' },
  'POST /api/payment/create-order': { role: 'user' },
  'POST /api/payment/verify': { role: 'user' },
  'POST /api/payment/test-gateway/pay': { role: 'user' },
  'POST /api/payment/trial': { role: 'user' },
  'POST /api/payment/subscription/cancel': { role: 'user' },
  'POST /api/payment/subscription/resume': { role: 'user' },
  'GET /api/payment/history': { role: 'user' },
  'GET /api/payment/purchases': { role: 'user' },
  'GET /api/admin/dashboard': { role: 'admin' },
  'GET /api/admin/recent-activity': { role: 'admin' },
  'GET /api/admin/users': { role: 'admin' },
  'POST /api/admin/users': { role: 'admin' },
  'GET /api/admin/users/export': { role: 'admin' },
  'PUT /api/admin/users/{id}/status': { role: 'admin', ids: 'spareUser' },
  'GET /api/admin/prompts': { role: 'admin' },
  'POST /api/admin/prompts': { role: 'admin' },
  'PUT /api/admin/prompts/{id}': { role: 'admin', ids: 'publishedPrompt' },
  'DELETE /api/admin/prompts/{id}': { role: 'admin', ids: 'publishedPrompt' },
  'PUT /api/admin/prompts/{id}/status': { role: 'admin', ids: 'publishedPrompt' },
  'GET /api/admin/plans': { role: 'admin' },
  'POST /api/admin/plans': { role: 'admin' },
  'GET /api/admin/plans/analytics': { role: 'admin' },
  'PUT /api/admin/plans/{id}/models': { role: 'admin', ids: 'plan' },
  'GET /api/admin/models': { role: 'admin' },
  'GET /api/admin/models/costs': { role: 'admin' },
  'POST /api/admin/models/refresh': { role: 'admin' },
  'PUT /api/admin/models/price': { role: 'admin' },
  'GET /api/admin/models/default-preset': { role: 'admin' },
  'PUT /api/admin/models/default-preset': { role: 'admin' },
  'DELETE /api/admin/models/default-preset': { role: 'admin' },
  'PUT /api/admin/plans/{id}': { role: 'admin', ids: 'plan' },
  'DELETE /api/admin/plans/{id}': { role: 'admin', ids: 'plan' },
  'GET /api/admin/settings': { role: 'admin' },
  'PUT /api/admin/settings': { role: 'admin' },
  'POST /api/admin/settings/2fa/setup': { role: 'admin' },
  'POST /api/admin/settings/2fa/enable': { role: 'admin' },
  'POST /api/admin/settings/2fa/disable': { role: 'admin' },
  'GET /api/admin/audit': { role: 'admin' },
  'GET /api/admin/contact-messages': { role: 'admin' },
  'PUT /api/admin/contact-messages/{id}': { role: 'admin', ids: 'contactMessage' },
  'GET /api/admin/jobs': { role: 'admin' },
  'POST /api/admin/jobs/{id}/retry': { role: 'admin' },
  'GET /api/payouts': { role: 'user' },
  'POST /api/payouts': { role: 'user' },
  'PUT /api/payouts/account': { role: 'user' },
  'GET /api/admin/payouts': { role: 'admin' },
  'POST /api/admin/payouts/{id}/approve': { role: 'admin' },
  'POST /api/admin/payouts/{id}/reject': { role: 'admin' },
  'POST /api/admin/payouts/{id}/reverse': { role: 'admin' },
  'PUT /api/admin/payouts/threshold': { role: 'admin' },
  'GET /api/admin/payments': { role: 'admin' },
  'GET /api/admin/teams': { role: 'admin' },
  'POST /api/admin/payments/{id}/refund': { role: 'admin', ids: 'payment' },
};

export interface FuzzRoute {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  body?: JsonSchema;
  query: ParamSpec[];
  params: ParamSpec[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the OpenAPI document, with its body schema and parameters. */
export function routesOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase() as FuzzRoute['method'];
      const parameters = op.parameters ?? [];
      routes.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, in: 'query', schema: p.schema })),
        params: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, in: 'path', schema: p.schema })),
      });
    }
  }
  return routes;
}
