import { describe, expect, it } from 'vitest';
import type { PlanLimits } from '@shared/billing';
import { listNames, planLimitLines } from './plan-limits';

const limits = (over: Partial<PlanLimits> = {}): PlanLimits => ({
  playgroundSessions: 10,
  seats: 1,
  apiAccess: false,
  testBudgetMinor: 0,
  teamSessions: 0,
  models: [
    { key: 'a/claude', name: 'Claude' },
    { key: 'b/gpt', name: 'ChatGPT' },
  ],
  ...over,
});

describe('planLimitLines', () => {
  it('writes the sessions, models and API access from the data', () => {
    expect(planLimitLines(limits(), { audience: 'public' })).toEqual([
      { key: 'sessions', text: '10 playground sessions a month', included: true },
      { key: 'models', text: 'Models: Claude and ChatGPT', included: true },
      { key: 'api', text: 'No API access', included: false },
    ]);
    const business = planLimitLines(limits({ playgroundSessions: -1, apiAccess: true }), {
      audience: 'public',
    });
    expect(business.map((l) => l.text)).toEqual([
      'Unlimited playground sessions',
      'Models: Claude and ChatGPT',
      'API access: API keys and the MCP server',
    ]);
  });

  it('names a team workspace on the public cards when the plan has more than one seat', () => {
    const lines = planLimitLines(limits({ seats: 3 }), { audience: 'public' });
    expect(lines.at(-1)!.text).toBe('Team workspace for up to 3 members');
    expect(planLimitLines(limits(), { audience: 'public' }).some((l) => l.key === 'seats')).toBe(false);
  });

  it("names the team's shared playground sessions beside its seats (decision 064)", () => {
    const lines = planLimitLines(limits({ seats: 3, teamSessions: 100 }), { audience: 'public' });
    expect(lines.slice(-2).map((l) => l.text)).toEqual([
      'Team workspace for up to 3 members',
      '100 shared team playground sessions a month',
    ]);
    // A one-seat plan has no team to share them.
    const solo = planLimitLines(limits({ teamSessions: 100 }), { audience: 'public' });
    expect(solo.some((l) => l.key === 'team-sessions')).toBe(false);
  });

  it("names the test budget on the public cards when the plan has one, in the plan's money", () => {
    const formatBudget = (m: number) => `$${m / 100}`;
    const lines = planLimitLines(limits({ testBudgetMinor: 500 }), { audience: 'public', formatBudget });
    expect(lines.at(-1)).toEqual({
      key: 'test-budget',
      text: 'Prompt tests on every model: $5 of runs a month',
      included: true,
    });
    expect(
      planLimitLines(limits(), { audience: 'public', formatBudget }).some((l) => l.key === 'test-budget'),
    ).toBe(false);
  });

  it('says seats and the test budget always to the admin', () => {
    const lines = planLimitLines(limits({ seats: 3, testBudgetMinor: 500 }), {
      audience: 'admin',
      formatBudget: (m) => `$${m / 100}`,
    });
    expect(lines[0]!.text).toBe('Playground: 10 sessions a month');
    expect(lines.slice(3).map((l) => l.text)).toEqual(['3 seats', 'No team pool', 'Test budget: $5 a month']);
  });

  it('joins names as a sentence', () => {
    expect(listNames(['A'])).toBe('A');
    expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
