import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationKey } from '../../../../shared/admin-settings';
import type { DB } from '../../../db/types';
import type { Mailer } from '../../../integrations/mail/mailer';
import { activeAdminsWithSettings } from './repository';
import { settingsFromJson } from './service';

/*
 * E-mail alerts to administrators, as each one chose in Admin Settings > Notifications: an alert goes
 * to an active admin who has e-mail notifications on and that alert on. Who wants which alert is
 * this module's rule; what an alert says is written by the module that sends it (auth: new users,
 * creator: new prompts, billing: payments).
 */

export type AdminAlert = 'newUser' | 'newPrompt' | 'payment';
export type AdminReport = 'weekly' | 'monthly';

const ALERT_FLAG: Record<AdminAlert | AdminReport, NotificationKey> = {
  newUser: 'newUserAlerts',
  newPrompt: 'newPromptAlerts',
  payment: 'paymentAlerts',
  weekly: 'weeklyReports',
  monthly: 'monthlyReports',
};

export interface AdminAlertDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The active admins who want this alert or report by e-mail. */
export async function adminsWanting(db: Kysely<DB>, kind: AdminAlert | AdminReport) {
  const admins = await activeAdminsWithSettings(db);
  return admins.filter((admin) => {
    const { notifications } = settingsFromJson(admin.settings);
    return notifications.emailNotifications && notifications[ALERT_FLAG[kind]];
  });
}

/**
 * Queues the alert to every admin who enabled it, in `db`: given the transaction of what caused it,
 * the alert exists only if that commits (and a failure to queue it fails that transaction). Resolves
 * to the number of mails queued; call `mailer.wake()` once the transaction committed.
 */
export async function queueAdminAlert(
  db: Kysely<DB>,
  mailer: Mailer,
  alert: AdminAlert,
  mail: { subject: string; text: string },
): Promise<number> {
  const admins = await adminsWanting(db, alert);
  for (const admin of admins) await mailer.send({ to: admin.email, ...mail }, { db });
  return admins.length;
}

/**
 * Queues the alert to every admin who enabled it, after what caused it was committed. Never throws:
 * an alert must not fail the publication or payment that caused it, so a failure is logged.
 * Resolves to the number of mails queued.
 */
export async function notifyAdmins(
  deps: AdminAlertDeps,
  alert: AdminAlert,
  mail: { subject: string; text: string },
): Promise<number> {
  try {
    const queued = await deps.db
      .transaction()
      .execute((trx) => queueAdminAlert(trx, deps.mailer, alert, mail));
    deps.mailer.wake();
    return queued;
  } catch (err) {
    deps.log.error({ err, alert }, 'admin alerts could not be queued');
    return 0;
  }
}
