import type { Config } from '../../config';
import type { ModelRegistry } from '../../integrations/ai/providers';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Limiter } from '../../lib/limiter';
import type { BillingService } from '../billing/service';
import type { TeamsService } from '../teams/service';

/** What the admin panel's routes may need beyond the database (which they read from app.database). */
export interface AdminDeps {
  config: Config;
  mailer: Mailer;
  limiter: Limiter;
  billing: BillingService;
  models: ModelRegistry;
  teams: TeamsService;
}
