import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not look for: fail it.
afterEach(() => {
  vi.restoreAllMocks();
});
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
});
