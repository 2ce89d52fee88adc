import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, todayUtc } from './time';

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

describe('addMonths', () => {
  it("keeps the day and time, clamped to a shorter month's last day, across years", () => {
    expect(addMonths('2026-01-31T10:20:30.400Z', 1)).toBe('2026-02-28T10:20:30.400Z');
    expect(addMonths('2028-01-31T00:00:00.000Z', 1)).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths('2026-03-15T08:00:00.000Z', 12)).toBe('2027-03-15T08:00:00.000Z');
    expect(addMonths('2026-12-31T23:59:59.999Z', 2)).toBe('2027-02-28T23:59:59.999Z');
  });
});
