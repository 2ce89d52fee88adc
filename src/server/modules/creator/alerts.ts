import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import { notifyAdmins } from '../admin/settings/alerts';
import type { OnPublished } from './service';

/**
 * Admins who asked for new-prompt alerts (Admin Settings > Notifications) get an e-mail when a
 * prompt goes live: the e-mail is written here, by the module that sends it.
 */
export const newPromptAlert =
  (deps: { db: Kysely<DB>; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string }): OnPublished =>
  (prompt) =>
    notifyAdmins({ db: deps.db, mailer: deps.mailer, log: deps.log }, 'newPrompt', {
      subject: `New prompt published: ${prompt.title}`,
      text:
        `A prompt was just published on the Promptforge marketplace.\n\nTitle: ${prompt.title}\n` +
        `Category: ${prompt.category}\nPrice: ${prompt.isPaid ? `$${prompt.price.toFixed(2)}` : 'Free'}\n\n` +
        `Review it: ${deps.publicUrl}/admin/marketplace?search=${encodeURIComponent(prompt.title)}\n`,
    });
