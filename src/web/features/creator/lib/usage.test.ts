import { describe, expect, it } from 'vitest';
import { sessionsUsedLabel } from './usage';

describe('playground usage', () => {
  it('writes the badge as the spec does', () => {
    expect(sessionsUsedLabel(3, 10)).toBe('3 / 10 sessions used');
    expect(sessionsUsedLabel(12, 999999)).toBe('12 / Unlimited sessions used');
    expect(sessionsUsedLabel(4, 10, true)).toBe('4 / Unlimited sessions used');
  });
});
