import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from './time';

describe('todayUtc', () => {
  afterEach(() => vi.useRealTimers());

  it('is the UTC date, and moves at midnight UTC either way the clock goes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T23:59:59.999Z'));
    expect(todayUtc()).toBe('2026-03-01');
    vi.setSystemTime(new Date('2026-03-02T00:00:00.000Z'));
    expect(todayUtc()).toBe('2026-03-02');
    vi.setSystemTime(new Date('2026-03-02T23:00:00.000Z'));
    expect(todayUtc()).toBe('2026-03-02');
    // A clock set back (or a test's fake one) gets its own day, not the one worked out before.
    vi.setSystemTime(new Date('2025-12-31T12:00:00.000Z'));
    expect(todayUtc()).toBe('2025-12-31');
  });
});
