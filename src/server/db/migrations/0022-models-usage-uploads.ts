import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

/*
 * Models as configuration, the cost of every reply and uploaded files (issue 52, decision 043).
 *
 * - `model_prices`: the admin's price of a model (by its key, `<provider>/<model id>`), in millionths
 *   of the currency's major unit per million tokens. A model without a row costs its configured default.
 * - `plan_models`: the models a plan may use, and its default (at most one, by a partial unique
 *   index). A plan without rows may use every configured model.
 * - Each reply keeps its model key, the plan it was answered under, its cost (millionths of the
 *   currency), whether its tokens are estimated (the offline demo model), the sources a model cited
 *   (JSON) and its reasoning text.
 * - `uploads`: files a user sent, stored under the data folder by key, kept with their message.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('model_prices')
    .addColumn('model_key', 'text', (c) => c.primaryKey())
    .addColumn('input_micros', 'integer', (c) => c.notNull())
    .addColumn('output_micros', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('model_prices_not_negative', sql`input_micros >= 0 and output_micros >= 0`)
    .execute();

  await db.schema
    .createTable('plan_models')
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('model_key', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('plan_models_pk', ['plan_id', 'model_key'])
    .addCheckConstraint('plan_models_is_default', sql`is_default in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('plan_models_one_default')
    .on('plan_models')
    .column('plan_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema.alterTable('playground_messages').addColumn('model_key', 'text').execute();
  await db.schema.alterTable('playground_messages').addColumn('plan_id', 'text').execute();
  await db.schema.alterTable('playground_messages').addColumn('cost_micros', 'integer').execute();
  await db.schema
    .alterTable('playground_messages')
    .addColumn('usage_estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('playground_messages').addColumn('sources', 'text').execute();
  await db.schema.alterTable('playground_messages').addColumn('reasoning', 'text').execute();
  await db.schema
    .createIndex('playground_messages_cost_idx')
    .on('playground_messages')
    .columns(['created_at', 'model_key'])
    .where(sql.ref('cost_micros'), 'is not', null)
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.references('playground_messages.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('uploads_size', sql`size_bytes > 0`)
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('uploads_message_idx').on('uploads').column('message_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropIndex('playground_messages_cost_idx').execute();
  for (const column of ['reasoning', 'sources', 'usage_estimated', 'cost_micros', 'plan_id', 'model_key']) {
    await db.schema.alterTable('playground_messages').dropColumn(column).execute();
  }
  await db.schema.dropTable('plan_models').execute();
  await db.schema.dropTable('model_prices').execute();
}
