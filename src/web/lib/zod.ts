import { config } from 'zod/v4';

/*
 * The web build resolves `zod` to this module (vite.config.ts). Zod compiles object parsers with
 * `new Function` unless told not to, and its probe for that trips the page's Content Security Policy
 * (script-src 'self', no 'unsafe-eval'): Chrome logs a CSP issue on every page that validates. In the
 * browser the few parses per interaction do not need the compiled fast path. This runs before any
 * schema is built, since every module that builds one imports zod first.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
