import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationKey } from '../../shared/admin-settings';
import type { DB } from '../db/types';
import type { Mailer } from '../integrations/mail/mailer';
import { activeAdminsWithSettings } from '../modules/admin/settings/repository';
import { settingsFromJson } from '../modules/admin/settings/service';

/*
 * E-mail alerts to administrators, as each one chose in Admin Settings > Notifications: an alert goes
 * to an active admin who has e-mail notifications on and that alert on.
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
 * E-mails the alert to every admin who enabled it. Never throws: an alert must not fail the sign-up,
 * publication or payment that caused it, so failures are logged. Resolves to the number of mails sent.
 */
export async function notifyAdmins(
  deps: AdminAlertDeps,
  alert: AdminAlert,
  mail: { subject: string; text: string },
): Promise<number> {
  try {
    const admins = await adminsWanting(deps.db, alert);
    const results = await Promise.allSettled(
      admins.map((admin) => deps.mailer.send({ to: admin.email, subject: mail.subject, text: mail.text })),
    );
    for (const result of results) {
      if (result.status === 'rejected')
        deps.log.error({ err: result.reason, alert }, 'admin alert mail failed');
    }
    return results.filter((r) => r.status === 'fulfilled').length;
  } catch (err) {
    deps.log.error({ err, alert }, 'admin alerts could not be sent');
    return 0;
  }
}
