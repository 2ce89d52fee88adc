import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

/** Every migration in order. Names are frozen once shipped; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
