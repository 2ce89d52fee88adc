import { z } from 'zod';

/** The query parameters of a paged list, with the spec's words for a bad value (one owner for every list). */

/** The page number: a whole number from 1 (up to `max` where given), 1 when absent. */
export function pageParam(max?: number) {
  const page = z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1');
  return (max === undefined ? page : page.max(max, `Page must be at most ${max}`)).default(1);
}

/** The page size: a whole number from 1 to `max`, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);
