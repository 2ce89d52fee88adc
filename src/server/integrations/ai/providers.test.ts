import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/support/test-app';
import { createModelRegistry } from './providers';

describe('the model registry', () => {
  it('finds no model for a name an object inherits (a fuzzed price update answered 500)', () => {
    const registry = createModelRegistry(testConfig().ai);
    for (const ref of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(registry.find(ref)).toBeUndefined();
      expect(registry.status(ref)).toBe('unknown');
    }
  });
});
