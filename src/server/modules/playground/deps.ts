import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import type { ModelRegistry } from '../../integrations/ai/providers';
import type { Limiter } from '../../lib/limiter';
import type { AuthContext } from '../../plugins/app/auth';
import { type PlanAllowance, allowanceReader } from './allowance';
import type { Uploads } from './uploads';

/** What the playground's functions are given: the app's database, models, limiter, files and settings. */
export interface PlaygroundDeps {
  db: Kysely<DB>;
  engine: Engine;
  models: ModelRegistry;
  limiter: Limiter;
  uploads: Uploads;
  config: Pick<Config, 'playground' | 'ai'>;
  log: FastifyBaseLogger;
}

/** The deps with the allowance reader made from them once (it holds a compiled statement). */
export interface PlaygroundContext extends PlaygroundDeps {
  allowanceOf(auth: AuthContext): Promise<PlanAllowance>;
}

export const playgroundContext = (deps: PlaygroundDeps): PlaygroundContext => ({
  ...deps,
  allowanceOf: allowanceReader(deps.db),
});
