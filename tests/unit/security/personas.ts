import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/types';
import { hashPassword } from '../../../src/server/modules/auth/password';
import { insertSession } from '../../../src/server/modules/auth/repository';
import { type Audience, createTokenService } from '../../../src/server/modules/auth/tokens';
import { hashToken } from '../../../src/server/modules/api-keys/service';
import { API_KEY_SCOPES } from '../../../src/shared/api-keys';
import { insertPrompt, insertSubscription, insertUser } from '../../support/factories';
import { testConfig } from '../../support/test-app';

/*
 * The callers of the access matrix. Each one is a real user row with a real session row and a token
 * signed with the app's own secret, made the way sign-in makes them (without paying for a password
 * hash per caller), so the only difference between two callers is the one the matrix is about.
 */

export const PERSONAS = [
  'anonymous', // no token at all
  'expired', // a live session, but the token's exp is in the past
  'suspended', // a web token whose session is live but whose account is suspended
  'user', // a signed-in user unrelated to the resource
  'owner', // the signed-in user who owns the resource
  'other', // another signed-in user (not the owner)
  'adminWeb', // an admin's web-app token (not an admin-panel token)
  'demotedAdmin', // an admin-panel token whose user's role is now 'user'
  'suspendedAdmin', // an admin-panel token of a suspended admin
  'admin', // an admin-panel token of an active admin
  'apiKey', // an API key with every scope, of a user whose plan gives API access (issue 59)
  'teamKey', // a team's API key with every scope, made by the owner of a team on Business (decision 071)
] as const;
export type PersonaName = (typeof PERSONAS)[number];

export interface Persona {
  name: PersonaName;
  /** Undefined for the anonymous caller. */
  token?: string;
  /** The user behind the token (the anonymous caller has none). */
  userId?: string;
  email?: string;
}
export type Personas = Record<PersonaName, Persona>;

/** Every caller's password (a test placeholder, hashed once per file). */
export const PERSONA_PASSWORD = 'persona-pass-123';
let passwordHash: Promise<string> | null = null;
export const personaPasswordHash = () => (passwordHash ??= hashPassword(PERSONA_PASSWORD));

const tokens = createTokenService(testConfig().jwtSecret);

/** A user row with the shared password, plus optionally a session and its token. */
export async function makeUser(
  db: Kysely<DB>,
  options: { role?: 'user' | 'admin'; status?: string; name?: string } = {},
) {
  const user = await insertUser(db, {
    name: options.name ?? 'Matrix Caller',
    role: options.role ?? 'user',
    status: options.status ?? 'active',
    password_hash: await personaPasswordHash(),
  });
  return { id: user.id, email: user.email };
}

/** A live session row of `kind`, and a token for it that expires in `ttlSeconds` (negative: already expired). */
export async function makeSession(db: Kysely<DB>, userId: string, audience: Audience, ttlSeconds = 3600) {
  const sessionId = crypto.randomUUID();
  const now = new Date().toISOString();
  const { token } = await tokens.sign({ userId, sessionId, audience }, ttlSeconds);
  await insertSession(db, {
    id: sessionId,
    userId,
    kind: audience,
    ip: '127.0.0.1',
    userAgent: 'access-matrix',
    now,
    // The session row stays live for an hour: only the token's own exp can make it expired.
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  return token;
}

/** Builds one caller of the given kind, with fresh rows. */
export async function makePersona(db: Kysely<DB>, name: PersonaName): Promise<Persona> {
  const setStatus = (id: string, status: string) =>
    db.updateTable('users').set({ status }).where('id', '=', id).execute();
  const setRole = (id: string, role: string) =>
    db.updateTable('users').set({ role }).where('id', '=', id).execute();
  switch (name) {
    case 'anonymous':
      return { name };
    case 'expired': {
      const u = await makeUser(db);
      return { name, userId: u.id, email: u.email, token: await makeSession(db, u.id, 'web', -120) };
    }
    case 'suspended': {
      const u = await makeUser(db);
      const token = await makeSession(db, u.id, 'web');
      // Suspended after signing in, without revoking the session: the status check alone must refuse.
      await setStatus(u.id, 'suspended');
      return { name, userId: u.id, email: u.email, token };
    }
    case 'user':
    case 'owner':
    case 'other': {
      const u = await makeUser(db);
      return { name, userId: u.id, email: u.email, token: await makeSession(db, u.id, 'web') };
    }
    case 'adminWeb': {
      const u = await makeUser(db, { role: 'admin' });
      return { name, userId: u.id, email: u.email, token: await makeSession(db, u.id, 'web') };
    }
    case 'demotedAdmin': {
      const u = await makeUser(db, { role: 'admin' });
      const token = await makeSession(db, u.id, 'admin');
      await setRole(u.id, 'user');
      return { name, userId: u.id, email: u.email, token };
    }
    case 'suspendedAdmin': {
      const u = await makeUser(db, { role: 'admin' });
      const token = await makeSession(db, u.id, 'admin');
      await setStatus(u.id, 'suspended');
      return { name, userId: u.id, email: u.email, token };
    }
    case 'admin': {
      const u = await makeUser(db, { role: 'admin' });
      return { name, userId: u.id, email: u.email, token: await makeSession(db, u.id, 'admin') };
    }
    case 'apiKey': {
      const u = await makeUser(db);
      return { name, userId: u.id, email: u.email, token: await makeApiKey(db, u.id) };
    }
    case 'teamKey': {
      const u = await makeUser(db);
      const teamId = crypto.randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto('teams')
        .values({ id: teamId, name: 'Matrix Team', created_by: u.id, created_at: now })
        .execute();
      await db
        .insertInto('team_members')
        .values({ team_id: teamId, user_id: u.id, role: 'owner', joined_at: now })
        .execute();
      return { name, userId: u.id, email: u.email, token: await makeApiKey(db, u.id, teamId) };
    }
  }
}

/**
 * Puts the user on a plan with API access (the seeded Business plan) and gives them a live key with
 * every scope (for `teamId`, a key of that team), made as the service makes one (its SHA-256 stored), without the HTTP round trip.
 */
export async function makeApiKey(db: Kysely<DB>, userId: string, teamId: string | null = null) {
  const plan = await db
    .selectFrom('plans')
    .select('id')
    .where('api_access', '=', 1)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  await insertSubscription(db, userId, plan.id);
  const token = `pf_${crypto.randomBytes(32).toString('base64url')}`;
  const now = new Date().toISOString();
  await db
    .insertInto('api_keys')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      name: 'Matrix key',
      team_id: teamId,
      prefix: token.slice(0, 11),
      token_hash: hashToken(token),
      scopes: API_KEY_SCOPES.join(' '),
      created_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

export async function makePersonas(db: Kysely<DB>): Promise<Personas> {
  const out = {} as Personas;
  for (const name of PERSONAS) out[name] = await makePersona(db, name);
  return out;
}

/** Marks that `userId` tried `promptId` in the playground (a session with a reply), which allows a review. */
export async function markTried(db: Kysely<DB>, userId: string, promptId: string) {
  const now = new Date().toISOString();
  const sessionId = crypto.randomUUID();
  await db
    .insertInto('playground_sessions')
    .values({
      id: sessionId,
      user_id: userId,
      model: 'chatgpt',
      prompt_id: promptId,
      message_count: 2,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('playground_messages')
    .values([
      {
        id: crypto.randomUUID(),
        session_id: sessionId,
        role: 'user',
        content: 'Hello',
        model: null,
        created_at: now,
      },
      {
        id: crypto.randomUUID(),
        session_id: sessionId,
        role: 'ai',
        content: 'Hi there',
        model: 'chatgpt',
        created_at: now,
      },
    ])
    .execute();
  return sessionId;
}

/** A prompt of `authorId`. */
export const makePrompt = (
  db: Kysely<DB>,
  authorId: string,
  overrides: Parameters<typeof insertPrompt>[2] = {},
) => insertPrompt(db, authorId, overrides);
