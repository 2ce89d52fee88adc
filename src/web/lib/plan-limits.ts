import { type PlanLimits, UNLIMITED } from '@shared/billing';
import { formatNumber } from './format';

/*
 * What a plan's limits say on a card (issue 59, decision 052): written from the plan's data, so a
 * card never promises what the server does not enforce. The pricing page and the admin panel both
 * list these before the plan's free-text features. The public cards name seats when a plan has a
 * team's worth (team workspaces, decision 060) and the monthly budget of prompt-test runs when the
 * plan has one (decision 057), and a team's shared playground sessions (decision 064); the admin
 * sees all three always.
 */

export interface LimitLine {
  key: 'sessions' | 'models' | 'api' | 'seats' | 'team-sessions' | 'test-budget';
  text: string;
  included: boolean;
}

/** 'A, B and C'. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function sessionsText(sessions: number): string {
  if (sessions === UNLIMITED) return 'Unlimited playground sessions';
  return `${formatNumber(sessions)} playground ${sessions === 1 ? 'session' : 'sessions'} a month`;
}

/** A team's shared pool (decision 064): members draw on it once their own sessions are used up. */
const teamSessionsLine = (sessions: number): LimitLine => ({
  key: 'team-sessions',
  text: `${formatNumber(sessions)} shared team playground ${sessions === 1 ? 'session' : 'sessions'} a month`,
  included: true,
});

export function planLimitLines(
  limits: PlanLimits,
  options: { audience: 'public' | 'admin'; formatBudget?: (minor: number) => string },
): LimitLine[] {
  const sessions = limits.playgroundSessions;
  const lines: LimitLine[] = [
    {
      key: 'sessions',
      text:
        options.audience === 'admin'
          ? `Playground: ${sessions === UNLIMITED ? 'unlimited sessions' : `${formatNumber(sessions)} sessions a month`}`
          : sessionsText(sessions),
      included: sessions !== 0,
    },
  ];
  if (limits.models.length > 0) {
    lines.push({
      key: 'models',
      text: `Models: ${listNames(limits.models.map((m) => m.name))}`,
      included: true,
    });
  }
  lines.push({
    key: 'api',
    text: limits.apiAccess ? 'API access: API keys and the MCP server' : 'No API access',
    included: limits.apiAccess,
  });
  if (options.audience === 'public' && limits.seats > 1) {
    lines.push({
      key: 'seats',
      text: `Team workspace for up to ${formatNumber(limits.seats)} members`,
      included: true,
    });
    if (limits.teamSessions > 0) lines.push(teamSessionsLine(limits.teamSessions));
  }
  if (options.audience === 'public' && limits.testBudgetMinor > 0 && options.formatBudget) {
    lines.push({
      key: 'test-budget',
      text: `Prompt tests on every model: ${options.formatBudget(limits.testBudgetMinor)} of runs a month`,
      included: true,
    });
  }
  if (options.audience === 'admin') {
    lines.push({
      key: 'seats',
      text: `${formatNumber(limits.seats)} ${limits.seats === 1 ? 'seat' : 'seats'}`,
      included: true,
    });
    lines.push(
      limits.teamSessions > 0
        ? teamSessionsLine(limits.teamSessions)
        : { key: 'team-sessions', text: 'No team pool', included: false },
    );
    lines.push({
      key: 'test-budget',
      text:
        limits.testBudgetMinor > 0 && options.formatBudget
          ? `Test budget: ${options.formatBudget(limits.testBudgetMinor)} a month`
          : 'No test budget',
      included: limits.testBudgetMinor > 0,
    });
  }
  return lines;
}
