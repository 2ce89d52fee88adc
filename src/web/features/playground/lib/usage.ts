import { LIMITS } from '@shared/constants';
import type { ReplyUsage, SessionUsage, Usage } from '@shared/playground';
import { formatCostMicros, formatNumber } from '@/lib/format';

/** What the usage meter shows. Admins get the spec's 999999, which reads as Unlimited too. */
export interface UsageView {
  unlimited: boolean;
  /** '3 of 10 sessions this month', or '3 sessions this month'. */
  label: string;
  /** 0..100, for the meter (0 when unlimited). */
  percent: number;
  /** The user's own sessions of the month are used up. */
  ownUsedUp: boolean;
  /** No new conversation can start until the reset: own sessions and the team's pool are used up. */
  atLimit: boolean;
  /** Sessions new chats may still take this month (own and the team pool's); null when unlimited. */
  remaining: number | null;
  /** The team's shared pool (decision 064), for a member of a team. */
  pool: { name: string; label: string; percent: number; usedUp: boolean } | null;
  /** Which allowance a new chat counts against, said to a member of a team. */
  countsAgainst: string | null;
}

const sessions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'session' : 'sessions'}`;
const percentOf = (used: number, limit: number) =>
  limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;

function poolOf(team: Usage['team']): UsageView['pool'] {
  if (!team) return null;
  return {
    name: team.name,
    label:
      team.limit > 0
        ? `${team.used.toLocaleString('en-US')} of ${sessions(team.limit)} shared this month`
        : 'No shared sessions on its plan',
    percent: percentOf(team.used, team.limit),
    usedUp: team.used >= team.limit,
  };
}

function countsAgainstText(usage: Usage): string | null {
  if (!usage.team) return null;
  if (usage.countsAgainst === 'plan') return 'New chats count against your own sessions first.';
  if (usage.countsAgainst === 'team')
    return `Your own sessions are used up: new chats count against ${usage.team.name}'s pool.`;
  return null;
}

export function describeUsage(usage: Usage): UsageView {
  const unlimited = usage.unlimited || usage.limit >= LIMITS.adminSessionLimit;
  const pool = poolOf(usage.team);
  const poolLeft = usage.team ? Math.max(0, usage.team.limit - usage.team.used) : 0;
  const countsAgainst = countsAgainstText(usage);
  if (unlimited) {
    return {
      unlimited,
      label: `${sessions(usage.current)} this month`,
      percent: 0,
      ownUsedUp: false,
      atLimit: false,
      remaining: null,
      pool,
      countsAgainst,
    };
  }
  return {
    unlimited,
    label: `${usage.current.toLocaleString('en-US')} of ${sessions(usage.limit)} this month`,
    percent: percentOf(usage.current, usage.limit),
    ownUsedUp: usage.current >= usage.limit,
    atLimit: usage.countsAgainst === 'none',
    remaining: Math.max(0, usage.limit - usage.current) + poolLeft,
    pool,
    countsAgainst,
  };
}

/** Free is the plan without a price; any other plan name is a paid one. */
export function isFreePlan(plan: string): boolean {
  return plan.trim().toLowerCase() === 'free';
}

/**
 * A finished reply's usage in words, quiet under the reply: 'Tokens: 120 in, 80 out · $0.0004'.
 * The offline demo model's counts are its estimates and say so. Null when nothing was recorded.
 */
export function describeReplyUsage(usage: ReplyUsage | null, currency: string): string | null {
  if (!usage || (usage.inputTokens === null && usage.outputTokens === null)) return null;
  const tokens = `Tokens: ${formatNumber(usage.inputTokens ?? 0)} in, ${formatNumber(usage.outputTokens ?? 0)} out${usage.estimated ? ' (estimated)' : ''}`;
  return usage.costMicros === null ? tokens : `${tokens} · ${formatCostMicros(usage.costMicros, currency)}`;
}

/**
 * A conversation's totals, in full ('1,240 tokens (estimated) · $0.004 this chat') and short for a
 * phone's header ('1,240 tokens · $0.004'). Null before any reply used any.
 */
export function describeSessionUsage(
  usage: SessionUsage | null,
  currency: string,
): { full: string; short: string } | null {
  if (!usage) return null;
  const tokens = usage.inputTokens + usage.outputTokens;
  if (tokens === 0 && usage.costMicros === 0) return null;
  const count = `${formatNumber(tokens)} tokens`;
  const cost = formatCostMicros(usage.costMicros, currency);
  return {
    full: `${count}${usage.estimated ? ' (estimated)' : ''} · ${cost} this chat`,
    short: `${count} · ${cost}`,
  };
}
