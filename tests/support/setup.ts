import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

/*
 * A console.error during a test is a bug the test did not look for: fail it. The spy is installed
 * before every test (restoreAllMocks after a test removes it) and records instead of throwing, so an
 * error logged from a callback outside the test's own stack fails the test too. A test that expects
 * an error spies on console.error itself, which replaces this implementation for that test.
 */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  const errors = logged;
  logged = [];
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
