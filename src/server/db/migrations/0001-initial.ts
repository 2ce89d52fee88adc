import type { Kysely } from 'kysely';

/*
 * The whole product's schema as far as the specification shows it. Frozen: later changes come as new
 * migrations. Portable across SQLite and PostgreSQL, so: text ids (app-generated), ISO-8601 UTC text
 * timestamps (they sort and compare as text), integer 0/1 flags (better-sqlite3 cannot bind booleans),
 * integer minor units for money, JSON arrays and objects as text. See docs/decisions/002-portable-schema.md.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the app's evolving types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('avatar_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('trial_used_at', 'text')
    .addColumn('last_active_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_monthly_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_yearly_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('limitations', 'text', (c) => c.notNull().defaultTo('[]'))
    // null means unlimited playground sessions a month
    .addColumn('session_limit', 'integer')
    .addColumn('max_users', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_projects', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('max_storage_gb', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('billing', 'text', (c) => c.notNull().defaultTo('monthly'))
    .addColumn('current_period_start', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text')
    .addColumn('trial_ends_at', 'text')
    .addColumn('canceled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema.createIndex('subscriptions_plan_idx').on('subscriptions').column('plan_id').execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('price_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('moderation_note', 'text')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trending_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tries_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema
    .createIndex('prompts_status_created_idx')
    .on('prompts')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('prompts_author_idx')
    .on('prompts')
    .columns(['author_id', 'created_at'])
    .execute();
  await db.schema.createIndex('prompts_category_idx').on('prompts').columns(['status', 'category']).execute();

  await db.schema
    .createTable('prompt_views')
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_views_pk', ['prompt_id', 'viewer_key', 'day'])
    .execute();

  await db.schema
    .createTable('prompt_likes')
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_likes_pk', ['prompt_id', 'user_id'])
    .execute();
  await db.schema.createIndex('prompt_likes_user_idx').on('prompt_likes').column('user_id').execute();

  await db.schema
    .createTable('prompt_downloads')
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_downloads_pk', ['prompt_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('prompt_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('prompt_reviews_one_per_user', ['prompt_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('prompt_reviews_prompt_idx')
    .on('prompt_reviews')
    .columns(['prompt_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.references('plans.id'))
    .addColumn('prompt_id', 'text', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('billing', 'text')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('provider_payment_id', 'text')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('payments_status_idx').on('payments').columns(['status', 'paid_at']).execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('creator_share_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('purchases_once_per_buyer', ['prompt_id', 'buyer_id'])
    .execute();
  await db.schema.createIndex('purchases_buyer_idx').on('purchases').column('buyer_id').execute();

  await db.schema
    .createTable('playground_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo('New chat'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('prompt_id', 'text', (c) => c.references('prompts.id').onDelete('set null'))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    // set when the first reply succeeded: only then does the session count against the allowance
    .addColumn('counted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('playground_sessions_user_idx')
    .on('playground_sessions')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('playground_sessions_counted_idx')
    .on('playground_sessions')
    .columns(['user_id', 'counted_at'])
    .execute();

  await db.schema
    .createTable('playground_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('playground_sessions.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('complete'))
    .addColumn('latency_ms', 'integer')
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('playground_messages_session_idx')
    .on('playground_messages')
    .columns(['session_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('ip', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activity_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('prompt_id', 'text', (c) => c.references('prompts.id').onDelete('cascade'))
    .addColumn('subject_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_events_created_idx')
    .on('activity_events')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('activity_events_prompt_idx')
    .on('activity_events')
    .columns(['prompt_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('admin_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'mail_outbox',
    'admin_settings',
    'activity_events',
    'contact_messages',
    'playground_messages',
    'playground_sessions',
    'purchases',
    'payments',
    'prompt_reviews',
    'prompt_downloads',
    'prompt_likes',
    'prompt_views',
    'prompts',
    'subscriptions',
    'plans',
    'password_resets',
    'auth_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
