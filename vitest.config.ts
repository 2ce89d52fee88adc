import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve('src/web'),
      '@shared': path.resolve('src/shared'),
    },
  },
  test: {
    // Explicit, so Playwright specs under tests/e2e are never collected.
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: process.env.CI
      ? [
          'default',
          [
            'json',
            { outputFile: `.tmp/results/${process.env.TEST_DATABASE_URL ? 'vitest-pg' : 'vitest'}.json` },
          ],
        ]
      : ['default'],
  },
});
