import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminUser,
  type AdminUserList,
  FREE_PLAN_FILTER,
  type PasswordDelivery,
  type PlanFilterOption,
  USER_MESSAGES,
} from '../../../../shared/admin-users';
import type { Role, UserStatus } from '../../../../shared/constants';
import type { DB } from '../../../db/types';
import type { Mailer } from '../../../integrations/mail/mailer';
import { recordActivity } from '../../../lib/activity';
import { recordAudit } from '../../../lib/audit';
import { AppError, fieldError } from '../../../lib/errors';
import { fromMinor } from '../../../lib/money';
import { nowIso } from '../../../lib/time';
import {
  escapeHtml,
  findAccountByEmail,
  hashPassword,
  insertAccount,
  revokeUserSessions,
  storePasswordLink,
} from '../../auth/service';
import { sessionsUsedByUsers } from '../../playground/allowance';
import * as repo from './repository';

export interface Actor {
  id: string;
  email: string;
  ip?: string | null;
}

/** A set-password link sent by an admin lasts longer than a forgotten-password one: people read mail late. */
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The export's ceiling: a spreadsheet, not a database dump. */
const EXPORT_MAX = 50_000;

type UserRow = Awaited<ReturnType<typeof repo.findUser>> & object;

interface Filters {
  search?: string;
  status?: string;
  plan?: string;
}

async function resolveFilter(db: Kysely<DB>, filters: Filters, now: string): Promise<repo.UserFilter> {
  const filter: repo.UserFilter = { search: filters.search || undefined, status: filters.status, now };
  const plan = filters.plan;
  if (!plan || plan === 'all') return filter;
  if (plan === FREE_PLAN_FILTER) return { ...filter, plan: { kind: 'free' } };
  const plans = await repo.listPlans(db);
  const chosen = plans.find((p) => p.id === plan);
  if (!chosen) throw fieldError('plan', 'Please choose a plan from the list');
  return {
    ...filter,
    plan: chosen.price_monthly_minor > 0 ? { kind: 'paid', planId: chosen.id } : { kind: 'free' },
  };
}

async function present(db: Kysely<DB>, rows: UserRow[], now: string): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const [subscriptions, sessions, prompts, spent, plans] = await Promise.all([
    repo.currentSubscriptions(db, ids, now),
    sessionsUsedByUsers(db, ids),
    repo.countPrompts(db, ids),
    repo.spentMinor(db, ids),
    repo.listPlans(db),
  ]);
  const free = plans.find((p) => p.price_monthly_minor === 0);
  const current = new Map<string, (typeof subscriptions)[number]>();
  for (const s of subscriptions) if (!current.has(s.user_id)) current.set(s.user_id, s);
  return rows.map((r) => {
    const sub = current.get(r.id);
    const spentMinor = spent.get(r.id) ?? 0;
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role as Role,
      subscription: sub
        ? {
            plan: sub.plan_name,
            planId: sub.plan_id,
            status: sub.status,
            expiresAt: sub.current_period_end,
            paid: sub.price_monthly_minor > 0,
          }
        : {
            plan: free?.name ?? 'Free',
            planId: free?.id ?? null,
            status: 'active',
            expiresAt: null,
            paid: false,
          },
      usage: {
        playgroundSessions: sessions.get(r.id) ?? 0,
        promptsCreated: prompts.get(r.id) ?? 0,
        totalSpent: fromMinor(spentMinor),
        totalSpentMinor: spentMinor,
      },
      status: r.status as UserStatus,
      joinedAt: r.created_at,
      lastActive: r.last_active_at,
    };
  });
}

function planOptions(plans: Awaited<ReturnType<typeof repo.listPlans>>): PlanFilterOption[] {
  const free = plans.find((p) => p.price_monthly_minor === 0);
  return [
    { value: FREE_PLAN_FILTER, label: free?.name ?? 'Free', paid: false },
    ...plans
      .filter((p) => p.price_monthly_minor > 0)
      .map((p) => ({ value: p.id, label: p.name, paid: true })),
  ];
}

/** GET /api/admin/users: a page of the filtered users, the count cards and the plan choices. */
export async function listAdminUsers(
  db: Kysely<DB>,
  query: Filters & { page: number; limit: number },
  currency: string,
): Promise<AdminUserList> {
  const now = nowIso();
  const filter = await resolveFilter(db, query, now);
  const [total, rows, counts, plans] = await Promise.all([
    repo.countUsers(db, filter),
    repo.listUsers(db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    repo.userCounts(db, now),
    repo.listPlans(db),
  ]);
  return {
    users: await present(db, rows, now),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.max(1, Math.ceil(total / query.limit)),
    },
    counts: {
      totalUsers: counts.total,
      activeUsers: counts.active,
      premiumUsers: counts.premium,
      totalRevenue: fromMinor(counts.revenueMinor),
      totalRevenueMinor: counts.revenueMinor,
      currency,
    },
    planOptions: planOptions(plans),
  };
}

/**
 * A cell for a spreadsheet: quoted when it holds a comma, quote or line break, and a text that a
 * spreadsheet would run as a formula (= + - @, tab, carriage return) is prefixed with a quote so it
 * stays text (OWASP CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Role',
  'Status',
  'Plan',
  'Subscription status',
  'Plan expires',
  'Playground sessions this month',
  'Prompts created',
  'Total spent',
  'Joined',
  'Last active',
] as const;

/** GET /api/admin/users/export: every user the filters match, as CSV (header row first, CRLF lines). */
export async function exportUsersCsv(db: Kysely<DB>, filters: Filters): Promise<string> {
  const now = nowIso();
  const filter = await resolveFilter(db, filters, now);
  const rows = (await repo.listUsers(db, filter)).slice(0, EXPORT_MAX);
  const users = await present(db, rows, now);
  const lines = [CSV_COLUMNS.join(',')];
  for (const u of users) {
    lines.push(
      [
        u.id,
        u.name,
        u.email,
        u.role,
        u.status,
        u.subscription.plan,
        u.subscription.status,
        u.subscription.expiresAt,
        u.usage.playgroundSessions,
        u.usage.promptsCreated,
        u.usage.totalSpent.toFixed(2),
        u.joinedAt,
        u.lastActive,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * PUT /api/admin/users/:id/status. Suspending or banning revokes every session of the user in the
 * same transaction, so their next call answers 401. An admin cannot change their own status, and the
 * last active admin cannot be suspended or banned (nobody could sign in to the panel any more).
 */
export async function changeUserStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  status: UserStatus,
): Promise<AdminUser> {
  if (id === actor.id) throw new AppError('VALIDATION_ERROR', USER_MESSAGES.ownStatus);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const user = await repo.findUser(trx, id);
    if (!user) throw new AppError('NOT_FOUND_ERROR', USER_MESSAGES.notFound);
    if (user.status === status) return;
    if (user.role === 'admin' && user.status === 'active' && status !== 'active') {
      if ((await repo.countActiveAdmins(trx)) <= 1) {
        throw new AppError('VALIDATION_ERROR', USER_MESSAGES.lastAdmin);
      }
    }
    await repo.setStatus(trx, id, status, now);
    if (status !== 'active') await revokeUserSessions(trx, id, now);
    await recordAudit(trx, {
      actor,
      action: 'user.status',
      targetType: 'user',
      targetId: id,
      before: { status: user.status },
      after: { status },
      ip: actor.ip,
    });
  });
  const row = await repo.findUser(db, id);
  return (await present(db, [row!], now))[0]!;
}

/** A strong one-time password: 18 random characters from letters and digits, with at least one of each. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const bytes = crypto.randomBytes(18);
    const password = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    // 256 is not a multiple of 56: rejecting nothing keeps a tiny bias, far below what matters at 18 chars.
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** The e-mail that lets a user an admin created choose their password. */
function inviteMail(user: { name: string; email: string }, link: string) {
  return {
    to: user.email,
    subject: 'Your Promptforge account is ready: choose your password',
    text:
      `Hi ${user.name},\n\nAn administrator created a Promptforge account for you (${user.email}).\n` +
      `Open this link within seven days to choose your password:\n\n${link}\n\n` +
      `If you did not expect this, you can ignore this e-mail.\n`,
    html:
      `<p>Hi ${escapeHtml(user.name)},</p><p>An administrator created a Promptforge account for you (${escapeHtml(user.email)}).</p>` +
      `<p><a href="${link}">Choose your password</a> (the link works for seven days).</p>` +
      `<p>If you did not expect this, you can ignore this e-mail.</p>`,
  };
}

/**
 * POST /api/admin/users. 'password' answers with a generated password shown once; 'email' mails a
 * link (the password-reset flow) so the user chooses their own, and nobody knows the password until
 * then.
 */
export async function createUser(
  deps: { db: Kysely<DB>; mailer: Mailer; publicUrl: string },
  actor: Actor,
  input: { name: string; email: string; role: Role; delivery: PasswordDelivery },
): Promise<{ user: AdminUser; password: string | null; delivery: PasswordDelivery }> {
  const { db, mailer, publicUrl } = deps;
  if (await findAccountByEmail(db, input.email)) throw fieldError('email', USER_MESSAGES.duplicateEmail);
  const password = input.delivery === 'password' ? generatePassword() : null;
  // With the e-mail delivery the account gets a random password nobody knows until the link is used.
  const passwordHash = await hashPassword(password ?? crypto.randomBytes(32).toString('base64url'));
  const now = nowIso();
  let id: string;
  let mailed = false;
  try {
    id = await db.transaction().execute(async (trx) => {
      const user = await insertAccount(trx, { ...input, passwordHash, now, signedIn: false });
      if (input.delivery === 'email') {
        // The link goes out only with the account it opens (both in this transaction).
        const token = await storePasswordLink(trx, user.id, INVITE_TTL_MS);
        await mailer.send(inviteMail(user, `${publicUrl}/auth/reset-password/${token}`), { db: trx });
        mailed = true;
      }
      await recordActivity(trx, {
        type: 'user.registered',
        actorId: user.id,
        subjectId: user.id,
        data: { byAdmin: true },
      });
      await recordAudit(trx, {
        actor,
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        after: { name: user.name, email: user.email, role: input.role, delivery: input.delivery },
        ip: actor.ip,
      });
      return user.id;
    });
  } catch (err) {
    // Two creations with one address at the same instant: the unique index decides.
    if (await findAccountByEmail(db, input.email)) throw fieldError('email', USER_MESSAGES.duplicateEmail);
    throw err;
  }
  if (mailed) mailer.wake();
  const row = await repo.findUser(db, id);
  return { user: (await present(db, [row!], now))[0]!, password, delivery: input.delivery };
}
