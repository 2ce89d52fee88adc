import { describe, expect, it } from 'vitest';
import { type Usage, fillVariables } from '@shared/playground';
import { describeMessageModel } from './models';
import { segmentPrompt } from './prompt-segments';
import { type Action, INITIAL, localItem, reducer } from '../hooks/chat-state';
import { describeReplyUsage, describeSessionUsage, describeUsage, isFreePlan } from './usage';

const usage = (current: number, limit: number, unlimited = false): Usage => ({
  current,
  limit,
  unlimited,
  plan: 'Free',
  resetsAt: '2026-02-01T00:00:00.000Z',
  team: null,
  countsAgainst: unlimited || current < limit ? 'plan' : 'none',
});

describe('usage meter', () => {
  it('counts against the allowance and stops at the limit', () => {
    expect(describeUsage(usage(3, 10))).toMatchObject({
      label: '3 of 10 sessions this month',
      percent: 30,
      atLimit: false,
      remaining: 7,
    });
    expect(describeUsage(usage(10, 10))).toMatchObject({ atLimit: true, percent: 100, remaining: 0 });
  });

  it('reads paid plans and the admin figure 999999 as unlimited', () => {
    expect(describeUsage(usage(1, 999999, true))).toMatchObject({
      unlimited: true,
      label: '1 session this month',
      atLimit: false,
    });
    expect(describeUsage(usage(4, 999999))).toMatchObject({ unlimited: true, atLimit: false });
  });

  it("adds the team's pool once the user's own sessions are used up (decision 064)", () => {
    const team = { teamId: 't', name: 'Prompt Crew', used: 4, limit: 5 };
    const drawing = describeUsage({ ...usage(10, 10), team, countsAgainst: 'team' });
    expect(drawing).toMatchObject({
      ownUsedUp: true,
      atLimit: false,
      remaining: 1,
      pool: { name: 'Prompt Crew', label: '4 of 5 sessions shared this month', usedUp: false },
      countsAgainst: "Your own sessions are used up: new chats count against Prompt Crew's pool.",
    });
    const own = describeUsage({ ...usage(3, 10), team, countsAgainst: 'plan' });
    expect(own).toMatchObject({
      remaining: 8,
      countsAgainst: 'New chats count against your own sessions first.',
    });
    const spent = describeUsage({ ...usage(10, 10), team: { ...team, used: 5 }, countsAgainst: 'none' });
    expect(spent).toMatchObject({ atLimit: true, remaining: 0, countsAgainst: null });
  });

  it('knows the free plan by name', () => {
    expect(isFreePlan('Free')).toBe(true);
    expect(isFreePlan('Premium')).toBe(false);
  });
});

describe('reply and session usage', () => {
  it('writes a reply’s tokens in and out and its cost, estimates marked, nothing when none was recorded', () => {
    expect(
      describeReplyUsage({ inputTokens: 1200, outputTokens: 40, estimated: false, costMicros: 4200 }, 'USD'),
    ).toBe('Tokens: 1,200 in, 40 out · $0.0042');
    expect(
      describeReplyUsage({ inputTokens: 27, outputTokens: 119, estimated: true, costMicros: null }, 'USD'),
    ).toBe('Tokens: 27 in, 119 out (estimated)');
    expect(
      describeReplyUsage({ inputTokens: null, outputTokens: null, estimated: false, costMicros: 0 }, 'USD'),
    ).toBe(null);
    expect(describeReplyUsage(null, 'USD')).toBe(null);
  });

  it('writes a chat’s totals in full and short, and nothing before any use', () => {
    expect(
      describeSessionUsage(
        { inputTokens: 1000, outputTokens: 240, costMicros: 4000, estimated: true },
        'USD',
      ),
    ).toEqual({ full: '1,240 tokens (estimated) · $0.004 this chat', short: '1,240 tokens · $0.004' });
    expect(
      describeSessionUsage({ inputTokens: 0, outputTokens: 0, costMicros: 0, estimated: false }, 'USD'),
    ).toBe(null);
  });

  it('adds each finished reply to the totals, and a continued reply’s new part to its own usage', () => {
    const usage = { inputTokens: 10, outputTokens: 5, estimated: false, costMicros: 100 };
    const done = (id: string): Action => ({
      type: 'done',
      content: 'Hi',
      sources: [],
      reasoning: null,
      id,
      userId: null,
      finishReason: null,
      baseline: null,
      usage,
    });
    let state = reducer(INITIAL, {
      type: 'send',
      keep: 0,
      user: localItem('user', 'Hello', null),
      ai: localItem('ai', '', 'claude'),
      title: 'Hello',
      prompt: null,
    });
    expect(state.items[1]?.usage).toBe(null);
    state = reducer(state, done('m1'));
    expect(state.items[1]?.usage).toEqual(usage);
    state = reducer(reducer(state, { type: 'continue' }), done('m1'));
    expect(state.items[1]?.usage).toEqual({
      inputTokens: 20,
      outputTokens: 10,
      estimated: false,
      costMicros: 200,
    });
    expect(state.usage).toEqual({ inputTokens: 20, outputTokens: 10, costMicros: 200, estimated: false });
  });
});

describe('message model', () => {
  const models = [
    {
      id: 'claude',
      key: 'anthropic/claude-x',
      name: 'Claude',
      provider: 'Anthropic',
      modelId: 'claude-x',
      live: true,
      capabilities: { images: true, pdf: true },
      available: true,
      default: true,
    },
  ];
  it('names the offline demo and live models', () => {
    expect(describeMessageModel('offline-demo-chatgpt', models)).toEqual({
      choice: 'chatgpt',
      name: 'ChatGPT',
      demo: true,
    });
    expect(describeMessageModel('claude-x', models)).toEqual({
      choice: 'claude',
      name: 'Claude',
      demo: false,
    });
    expect(describeMessageModel('gpt-old', models).name).toBe('gpt-old');
  });
});

describe('prompt preview segments', () => {
  it('splits on both variable styles and rebuilds exactly what fillVariables sends', () => {
    const text = 'Write about {{ topic }} for [reader], in [tone]. Keep [topic] short.';
    const values = { topic: 'tea', reader: 'students', tone: '' };
    const segments = segmentPrompt(text, values);
    expect(segments.filter((s) => s.kind === 'variable').map((s) => s.name)).toEqual([
      'topic',
      'reader',
      'tone',
      'topic',
    ]);
    const rebuilt = segments.map((s) => (s.kind === 'text' ? s.text : (s.value ?? s.placeholder))).join('');
    expect(rebuilt).toBe(fillVariables(text, values));
  });
});
