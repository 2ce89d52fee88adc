import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './save-file';

describe('saving files', () => {
  it('reads the file name of a download', () => {
    expect(fileNameFromDisposition('attachment; filename="users-2026-01-05.csv"', 'x.csv')).toBe(
      'users-2026-01-05.csv',
    );
    expect(fileNameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });
});
