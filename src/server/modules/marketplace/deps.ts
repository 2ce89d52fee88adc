import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import type { VersionedMap } from './catalogue/version';
import type { ViewCounter } from './views';

/*
 * What the marketplace's functions work over: one explicit object, made once by the catalogue
 * (catalogue/catalogue.ts) and passed to every call. The maps and the view counter are optional:
 * without them a list is counted and read afresh, and a view written at once.
 */

export interface MarketplaceDeps {
  db: Kysely<DB>;
  engine: Engine;
  /** Totals of unsearched lists by catalogue membership version (see createVersionedMap). */
  totals?: VersionedMap<number>;
  /** The ids of unsearched list pages by the versions their order depends on (see pageIdsVersion). */
  pageIds?: VersionedMap<string[]>;
  /** Where prompt-page views are noted; without one they are written at once. */
  views?: ViewCounter;
}

/** Who is asking, as the auth plugin gives it (imported here once for the module's files). */
export type { AuthContext } from '../../plugins/app/auth';
