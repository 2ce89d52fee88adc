import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Renewal reminders (issue 58): a subscription records the end of the period it was last reminded
 * of, so the daily job mails each period's reminder once, on any instance, and a renewed period
 * (a new end) is reminded of again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('reminded_for', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('reminded_for').execute();
}
