import { describe, expect, it } from 'vitest';
import { sessionsUsedLabel, usagePercent } from './usage';

describe('playground usage', () => {
  it('writes the badge as the spec does', () => {
    expect(sessionsUsedLabel(3, 10)).toBe('3 / 10 sessions used');
    expect(sessionsUsedLabel(12, 999999)).toBe('12 / Unlimited sessions used');
  });

  it('measures the share used, capped at 100', () => {
    expect(usagePercent(3, 10)).toBe(30);
    expect(usagePercent(15, 10)).toBe(100);
    expect(usagePercent(5, 999999)).toBe(0);
    expect(usagePercent(0, 0)).toBe(0);
  });
});
