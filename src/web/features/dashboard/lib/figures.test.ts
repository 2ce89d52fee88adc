import { describe, expect, it } from 'vitest';
import { formatDay, formatDollars, growthDisplay } from './figures';

describe('studio figures', () => {
  it('writes dollars with cents', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it('writes growth with its direction, and a dash when there is nothing to compare', () => {
    expect(growthDisplay(12.46)).toEqual({ text: '+12.5%', trend: 'up' });
    expect(growthDisplay(-3.1)).toEqual({ text: '-3.1%', trend: 'down' });
    expect(growthDisplay(0.01)).toEqual({ text: '0%', trend: 'flat' });
    expect(growthDisplay(null)).toEqual({ text: '—', trend: 'none' });
  });

  it('writes a series day as the UTC day it counts', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5');
    expect(formatDay('2026-01-05', 'long')).toBe('Jan 5, 2026');
    expect(formatDay('2026-03-01T00:00:00.000Z')).toBe('Mar 1');
  });
});
