import { describe, expect, it } from 'vitest';
import { compareAllowanceNote, compareTriesNote } from './compare';

describe('the compare view', () => {
  it('warns when the allowance cannot cover every column, or is nearly used up', () => {
    expect(compareAllowanceNote(null, 3)).toBeNull();
    expect(compareAllowanceNote(10, 2)).toBeNull();
    expect(compareAllowanceNote(4, 3)).toBe(
      'Each model column counts as one session: this compare uses 3 of the 4 sessions you have left this month.',
    );
    expect(compareAllowanceNote(2, 3)).toBe(
      'Each model column counts as one session. You have 2 sessions left this month, so only the first 2 columns will answer.',
    );
    expect(compareAllowanceNote(1, 2)).toContain('only the first column will answer');
    expect(compareAllowanceNote(0, 2)).toBe(
      'You have no sessions left this month: this compare will be refused.',
    );
  });

  it('warns when a premium prompt’s free tries cannot cover every column', () => {
    expect(compareTriesNote(null, 3)).toBeNull();
    expect(compareTriesNote(3, 3)).toBeNull();
    // None left: the panel already says so, and sending is off.
    expect(compareTriesNote(0, 2)).toBeNull();
    expect(compareTriesNote(2, 3)).toBe(
      'Each model column uses one free try. You have 2 tries left, so only the first 2 columns will answer.',
    );
    expect(compareTriesNote(1, 2)).toContain('1 try left, so only the first column will answer');
  });
});
