// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/** Import-direction rules: shared imports neither side; web never imports server; server never imports web. */
const noImport = (/** @type {string[]} */ groups, /** @type {string} */ message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: noImport(
      ['**/server/**', '**/web/**', '@/*', 'node:*', 'react', 'react-dom'],
      'src/shared is imported by both sides: no Node, DOM, server or web imports.',
    ),
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noImport(['**/server/**', 'node:*'], 'The web app must not import server code.'),
    },
  },
  // Web imports flow one way: shared -> components/lib -> features -> app. A feature never reaches
  // into another feature's folder.
  {
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: noImport(
      ['**/server/**', 'node:*', '@/features/*', '@/app/*', '**/features/**', '**/app/**'],
      'components/ and lib/ are shared by features: they import neither features nor app.',
    ),
  },
  ...fs
    .readdirSync('src/web/features', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      files: [`src/web/features/${d.name}/**`],
      rules: noImport(
        [
          '**/server/**',
          'node:*',
          '@/app/*',
          '@/features/*',
          `!@/features/${d.name}`,
          `!@/features/${d.name}/**`,
        ],
        `A feature imports only itself, components/, lib/ and shared/ (this is features/${d.name}).`,
      ),
    })),
  {
    files: ['src/server/**'],
    rules: noImport(['**/web/**', '@/*'], 'The server must not import web code.'),
  },
  // A module's SQL is its own: other server code asks the module's service (decision 049). One
  // entry per set of files, as a later entry's restricted imports replace an earlier one's.
  ...[
    { owner: 'billing', others: ['auth'] },
    { owner: 'auth', others: ['billing'] },
    { owner: null, others: ['billing', 'auth'] },
  ].map(({ owner, others }) => ({
    files: owner ? [`src/server/modules/${owner}/**`] : ['src/server/**'],
    ignores: owner ? [] : ['src/server/modules/billing/**', 'src/server/modules/auth/**'],
    rules: noImport(
      ['**/web/**', '@/*', ...others.flatMap((m) => [`**/${m}/repository`, `**/${m}/repository/**`])],
      `Server code uses ${others.join(' and ')} through their service.ts, never their repository (nor web code).`,
    ),
  })),
  // Server imports flow one way too: lib/, integrations/ and the external plugins are used by the
  // modules and the app plugins, and import neither.
  {
    files: ['src/server/lib/**', 'src/server/integrations/**', 'src/server/plugins/external/**'],
    rules: noImport(
      ['**/web/**', '@/*', '**/modules/**', '**/plugins/app/**'],
      'lib/, integrations/ and plugins/external/ import no module and no app plugin (nor web code).',
    ),
  },
  {
    files: [
      'scripts/**',
      'tests/soak/run.ts',
      'bench/**',
      'src/server/db/seed/cli.ts',
      'src/server/db/migrate-cli.ts',
      'src/server/cli/**',
      'src/server/**/*-cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
