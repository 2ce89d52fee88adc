import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';

/** What the teams' functions work with; built once by services.ts (createTeamsService). */
export interface TeamsDeps {
  db: Kysely<DB>;
  engine: Engine;
  mailer: Pick<Mailer, 'send' | 'wake'>;
  publicUrl: string;
}
