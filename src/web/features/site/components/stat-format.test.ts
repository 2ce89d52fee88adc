import { describe, expect, it } from 'vitest';
import { formatStatCount, formatStatPercent, formatStatReply } from './stat-format';

describe('stats strip formatting', () => {
  it('shows small counts exactly and larger ones rounded down with a plus', () => {
    expect(formatStatCount(0)).toBe('0');
    expect(formatStatCount(63)).toBe('63');
    expect(formatStatCount(99)).toBe('99');
    expect(formatStatCount(100)).toBe('100');
    expect(formatStatCount(137)).toBe('130+');
    expect(formatStatCount(10_000)).toBe('10,000');
    expect(formatStatCount(10_432)).toBe('10,000+');
    expect(formatStatCount(50_999)).toBe('50,000+');
    expect(formatStatCount(123_456)).toBe('120,000+');
    expect(formatStatCount(2_480_000)).toBe('2.4M+');
  });

  it('rounds the success rate down', () => {
    expect(formatStatPercent(98)).toBe('98%');
    expect(formatStatPercent(98.9)).toBe('98%');
    expect(formatStatPercent(99.95)).toBe('99%');
    expect(formatStatPercent(100)).toBe('100%');
  });

  it('states the reply time as an upper bound in whole seconds', () => {
    expect(formatStatReply(380)).toBe('under 1 s');
    expect(formatStatReply(1240)).toBe('under 2 s');
    expect(formatStatReply(1999)).toBe('under 2 s');
    expect(formatStatReply(2000)).toBe('under 3 s');
  });
});
