import { describe, expect, it, vi } from 'vitest';

// tests/support/setup.ts fails a test that logs with console.error: its spy must be there for every
// test of a file, not only the first (vi.restoreAllMocks after each test removes spies).
describe('the console.error guard', () => {
  it.each([1, 2, 3])('is installed for test %i of a file', () => {
    expect(vi.isMockFunction(console.error)).toBe(true);
  });
});
