import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  MAX_ACTIVE_API_KEYS,
  type TeamApiKey,
  type TeamApiKeyCreated,
  type TeamApiKeyList,
} from '../../../shared/api-keys';
import type { Role } from '../../../shared/constants';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { Limiter } from '../../lib/limiter';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { allowanceReader } from '../playground/allowance';
import { managedTeamOf, teamPlanId } from '../teams/service';
import * as repo from './repository';

/*
 * API keys (issue 59, decision 052). A token is `pf_` and 32 random bytes (base64url): guessing one
 * is hopeless, so its SHA-256 is enough to store and to look it up by (no salt or slow hash needed,
 * unlike a password). A key works while it is neither revoked nor expired, its user is active and
 * the user's plan has API access; each use is counted against the key's per-minute limit, and its
 * last use is written at most once a minute so reads do not all become writes.
 *
 * A team's key (decision 071) belongs to the team (its row cascades from the team's) and acts for it
 * through its creator: it works while the creator is an owner or admin of the team and the team's
 * plan has API access, read on every call like the rest, so a demotion, a removal or leaving stops
 * it at the next call. The team's owners and admins make, list and revoke them.
 */

const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const RATE_WINDOW_MS = 60_000;
/** 'pf_' and the first 8 characters of the random part. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export interface ApiKeysDeps {
  db: Kysely<DB>;
  limiter: Limiter;
  /** Calls per key per minute. */
  rateLimit: number;
}

/** Who an API key speaks for, as the auth plugin and the MCP server see it. */
export interface ApiKeyIdentity {
  keyId: string;
  userId: string;
  role: Role;
  scopes: ApiKeyScope[];
  /** The team a team key acts for (decision 071); null for a user's own key. */
  teamId: string | null;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

const parseScopes = (text: string): ApiKeyScope[] =>
  API_KEY_SCOPES.filter((s) => text.split(' ').includes(s));

function toApiKey(row: repo.KeyRow | Omit<repo.KeyRow, 'creator_name' | 'team_role'>, now: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    status: row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'active',
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

const manages = (role: string | null) => role === 'owner' || role === 'admin';

const toTeamApiKey = (row: repo.KeyRow, now: string): TeamApiKey => ({
  ...toApiKey(row, now),
  createdBy: { id: row.user_id, name: row.creator_name },
  creatorManages: manages(row.team_role),
});

/**
 * Who a token speaks for, or AUTHENTICATION_ERROR (unknown, revoked or expired key, inactive
 * user), AUTHORIZATION_ERROR (the plan no longer gives API access) or RATE_LIMIT_ERROR.
 */
async function identifyKey(
  deps: ApiKeysDeps,
  access: {
    user: (userId: string, role: Role) => Promise<boolean>;
    team: (teamId: string) => Promise<boolean>;
  },
  token: string,
): Promise<ApiKeyIdentity> {
  const { db, limiter } = deps;
  const now = nowIso();
  const key = await repo.findLiveKeyByHash(db, hashToken(token), now);
  if (!key) throw new AppError('AUTHENTICATION_ERROR', API_KEY_MESSAGES.invalid);
  if (key.status !== 'active') {
    throw new AppError('AUTHENTICATION_ERROR', 'This account is no longer active.', {
      internal: `api key of an account ${key.status}`,
    });
  }
  const role = key.role as Role;
  if (key.team_id !== null) {
    // A team key acts through its creator, only while they manage the team (decision 071).
    if (!manages(key.team_role))
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.creatorNotManager);
    if (!(await access.team(key.team_id))) {
      throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.teamNoApiAccess);
    }
  } else if (!(await access.user(key.user_id, role))) {
    throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.noApiAccess);
  }
  const hit = await limiter.hit(`api-key:${key.id}`, RATE_WINDOW_MS);
  if (hit.count > deps.rateLimit) {
    throw new AppError('RATE_LIMIT_ERROR', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)),
      internal: `api key ${key.id} over ${deps.rateLimit} a minute`,
    });
  }
  if (!key.last_used_at || Date.parse(now) - Date.parse(key.last_used_at) > TOUCH_INTERVAL_MS) {
    await repo.touchKey(db, key.id, now);
  }
  return {
    keyId: key.id,
    userId: key.user_id,
    // A team key never acts with its creator's site role: an admin's team key is the team's.
    role: key.team_id === null ? role : 'user',
    scopes: parseScopes(key.scopes),
    teamId: key.team_id,
  };
}

function newKey(
  userId: string,
  teamId: string | null,
  input: { name: string; scopes: ApiKeyScope[]; expiresInDays: number },
  now: string,
) {
  const token = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  const row = {
    id: newId(),
    user_id: userId,
    team_id: teamId,
    name: input.name,
    prefix: token.slice(0, PREFIX_LENGTH),
    token_hash: hashToken(token),
    scopes: input.scopes.join(' '),
    created_at: now,
    expires_at: new Date(Date.parse(now) + input.expiresInDays * DAY_MS).toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  return { row, token };
}

/** Revokes one of the holder's keys; revoking twice is not an error (the key is revoked, as asked). */
async function revokeOf(db: Kysely<DB>, holder: repo.Holder, id: string) {
  const now = nowIso();
  await repo.revokeKey(db, holder, id, now);
  const row = await repo.findKey(db, holder, id);
  if (!row) throw new AppError('NOT_FOUND_ERROR', API_KEY_MESSAGES.notFound);
  return row;
}

export function createApiKeysService(deps: ApiKeysDeps) {
  const { db } = deps;
  const allowanceOf = allowanceReader(db);

  /** Whether the user's current plan gives API access (admins have no plan, and may). */
  async function hasApiAccess(userId: string, role: Role): Promise<boolean> {
    if (role === 'admin') return true;
    const { planId } = await allowanceOf({ userId, role, sessionId: '', audience: 'web' });
    return planId ? repo.planApiAccess(db, planId) : false;
  }

  /** Whether the team's plan (its account holder's) gives API access (decision 071). */
  async function teamHasApiAccess(teamId: string): Promise<boolean> {
    const planId = await teamPlanId(db, teamId);
    return planId ? repo.planApiAccess(db, planId) : false;
  }

  return {
    hasApiAccess,

    async list(auth: AuthContext): Promise<ApiKeyList> {
      const now = nowIso();
      const [rows, apiAccess] = await Promise.all([
        repo.listKeys(db, { userId: auth.userId }),
        hasApiAccess(auth.userId, auth.role),
      ]);
      return { keys: rows.map((r) => toApiKey(r, now)), apiAccess };
    },

    async create(
      auth: AuthContext,
      input: { name: string; scopes: ApiKeyScope[]; expiresInDays: number },
    ): Promise<ApiKeyCreated> {
      if (!(await hasApiAccess(auth.userId, auth.role))) {
        throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.noApiAccess);
      }
      const now = nowIso();
      if ((await repo.countActiveKeys(db, { userId: auth.userId }, now)) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError('VALIDATION_ERROR', API_KEY_MESSAGES.tooMany, { status: 409 });
      }
      const { row, token } = newKey(auth.userId, null, input, now);
      await repo.insertKey(db, row);
      return { key: toApiKey(row, now), token };
    },

    async revoke(auth: AuthContext, id: string): Promise<ApiKey> {
      return toApiKey(await revokeOf(db, { userId: auth.userId }, id), nowIso());
    },

    /** The keys of the team the caller owns or administers (403 for a member, 404 with no team). */
    async teamList(auth: AuthContext): Promise<TeamApiKeyList> {
      const { teamId } = await managedTeamOf(db, auth.userId);
      const now = nowIso();
      const [rows, apiAccess] = await Promise.all([repo.listKeys(db, { teamId }), teamHasApiAccess(teamId)]);
      return { keys: rows.map((r) => toTeamApiKey(r, now)), apiAccess };
    },

    /** A key for the caller's team, acting through the caller; the team's plan must give API access. */
    async teamCreate(
      auth: AuthContext,
      input: { name: string; scopes: ApiKeyScope[]; expiresInDays: number },
    ): Promise<TeamApiKeyCreated> {
      const { teamId } = await managedTeamOf(db, auth.userId);
      if (!(await teamHasApiAccess(teamId))) {
        throw new AppError('AUTHORIZATION_ERROR', API_KEY_MESSAGES.teamNoApiAccess);
      }
      const now = nowIso();
      if ((await repo.countActiveKeys(db, { teamId }, now)) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError('VALIDATION_ERROR', API_KEY_MESSAGES.teamTooMany, { status: 409 });
      }
      const { row, token } = newKey(auth.userId, teamId, input, now);
      await repo.insertKey(db, row);
      return { key: toTeamApiKey((await repo.findKey(db, { teamId }, row.id))!, now), token };
    },

    /** Revokes a key of the caller's team, whoever made it (owners and admins). */
    async teamRevoke(auth: AuthContext, id: string): Promise<TeamApiKey> {
      const { teamId } = await managedTeamOf(db, auth.userId);
      await revokeOf(db, { teamId }, id);
      return toTeamApiKey((await repo.findKey(db, { teamId }, id))!, nowIso());
    },

    identify: (token: string) => identifyKey(deps, { user: hasApiAccess, team: teamHasApiAccess }, token),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
