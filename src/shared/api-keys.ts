import { z } from 'zod';
import { displayText } from './text';

/*
 * API keys (issue 59, decision 052): a user's named keys, each with scopes and an expiry, shown once,
 * stored hashed, sent as `Authorization: Bearer pf_...` to the /api endpoints their scopes allow and
 * to the MCP server at /mcp. Only plans with API access may make them, and only while the plan has it
 * do they work.
 */

export const API_KEY_PREFIX = 'pf_';

export const API_KEY_SCOPES = ['library:read', 'playground:use', 'prompts:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { title: string; description: string }> = {
  'library:read': {
    title: 'Read library',
    description: 'Read the marketplace, your own prompts and the ones you bought',
  },
  'playground:use': {
    title: 'Use playground',
    description: 'Run prompts and chat on the models your plan offers, within its allowance',
  },
  'prompts:manage': {
    title: 'Manage prompts',
    description: 'Create, edit and delete your own prompts',
  },
};

/** What each scope lets a team's key do (decision 071): the team's things, not its maker's. */
export const TEAM_API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'library:read': "Read the marketplace, the team's prompts and the ones bought for the team",
  'playground:use': "Run prompts on the team plan's models, from the team's shared sessions",
  'prompts:manage': "Create, edit and delete the team's prompts",
};

/** How long a new key lives. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  noApiAccess: 'Your plan does not include API access. Upgrade to a plan with API access to use API keys.',
  invalid: 'This API key is not valid: it may have expired or been revoked.',
  notForKeys: 'API keys cannot be used on this endpoint. Sign in to the web app instead.',
  missingScope: (scope: ApiKeyScope) =>
    `This API key does not have the "${API_KEY_SCOPE_LABELS[scope].title}" scope (${scope}).`,
  tooMany: 'You have too many API keys. Revoke one you no longer use first.',
  notFound: 'This API key could not be found.',
  teamCreated: 'Team API key created. Copy it now: it will not be shown again.',
  teamNoApiAccess:
    "Your team's plan does not include API access. The team's owner can upgrade to a plan with API access.",
  notForTeamKeys:
    "Team API keys cannot be used on this endpoint: a team key reads the team's library, runs the team's playground pool and manages the team's prompts.",
  creatorNotManager:
    'This team API key stopped working: the member who created it is no longer an owner or admin of the team.',
  teamKeyNewSessionsOnly:
    'A team API key starts a new playground session with each message: leave out sessionId.',
  teamTooMany: 'Your team has too many API keys. Revoke one it no longer uses first.',
} as const;

/** Keys a user may hold that are neither revoked nor expired. */
export const MAX_ACTIVE_API_KEYS = 20;

export const ApiKeyCreateSchema = z.object({
  name: displayText('Name', { required: 'Please give the key a name' })
    .min(1, 'Please give the key a name')
    .max(60, 'The name must be at most 60 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .transform((list) => API_KEY_SCOPES.filter((s) => list.includes(s))),
  expiresInDays: z.coerce
    .number({ error: 'Choose when the key expires' })
    .refine((n) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(n), {
      message: `The key must expire in ${API_KEY_EXPIRY_DAYS.join(', ')} days`,
    }),
});
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell keys apart: 'pf_AbCd1234'. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  status: z.enum(API_KEY_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({
  keys: z.array(ApiKeySchema),
  /** The caller's plan lets them make keys now. */
  apiAccess: z.boolean(),
});
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to a create: the key, and its token, shown this once. */
export const ApiKeyCreatedSchema = z.object({ key: ApiKeySchema, token: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/*
 * Team API keys (decision 071): made, listed and revoked by a team's owners and admins, acting for
 * the team (its library, its playground pool, its prompts) while their creator is still one of them.
 */

export const TeamApiKeySchema = ApiKeySchema.extend({
  /** Who made the key: it acts through them (their account's end deletes it). */
  createdBy: z.object({ id: z.string(), name: z.string() }),
  /** The key works now as far as its creator goes: they are still an owner or admin of the team. */
  creatorManages: z.boolean(),
});
export type TeamApiKey = z.infer<typeof TeamApiKeySchema>;

export const TeamApiKeyListSchema = z.object({
  keys: z.array(TeamApiKeySchema),
  /** The team's plan (its account holder's) lets its owners and admins make keys now. */
  apiAccess: z.boolean(),
});
export type TeamApiKeyList = z.infer<typeof TeamApiKeyListSchema>;

export const TeamApiKeyCreatedSchema = z.object({ key: TeamApiKeySchema, token: z.string() });
export type TeamApiKeyCreated = z.infer<typeof TeamApiKeyCreatedSchema>;
