import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/*
 * `npm run test:resilience`: suites that start real server processes (two instances behind a
 * balancer; kill -9 under load; full disk; PostgreSQL going away). They take a minute or more and
 * load both cores, so they run as their own stage of CI rather than inside `npm test`.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/resilience/**/*.test.ts'],
    testTimeout: 120_000,
    // One suite at a time: each starts its own server processes.
    fileParallelism: false,
    reporters: process.env.CI
      ? [
          'default',
          [
            'json',
            {
              outputFile: `.tmp/results/${process.env.TEST_DATABASE_URL ? 'resilience-pg' : 'resilience'}.json`,
            },
          ],
        ]
      : ['default'],
  },
});
