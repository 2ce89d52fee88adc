import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

// Size: One file on purpose: it mirrors the schema table by table, as Kysely's DB type needs them together; split only if the schema itself is.

/*
 * Row types of the tables created by migrations/. Timestamps are ISO-8601 UTC strings; flags are 0/1;
 * money is integer minor units; JSON columns are text.
 */

type Flag = number;
type Timestamp = string;
/** Aggregates come back as strings from PostgreSQL's bigint: read them with Number(). */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_normalized: string;
  password_hash: string;
  role: WithDefault<string>;
  status: WithDefault<string>;
  avatar_url: string | null;
  bio: string | null;
  theme: WithDefault<string>;
  trial_used_at: Timestamp | null;
  last_active_at: Timestamp | null;
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last TOTP step used to sign in (a code works once). */
  totp_last_step: number | null;
  /** 1: e-mail me when a prompt I bought or liked gets a new version (migration 0028). */
  email_on_updates: WithDefault<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  kind: WithDefault<string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PlansTable {
  id: string;
  slug: string;
  name: string;
  description: WithDefault<string>;
  price_monthly_minor: WithDefault<number>;
  price_yearly_minor: WithDefault<number>;
  currency: WithDefault<string>;
  features: WithDefault<string>;
  limitations: WithDefault<string>;
  session_limit: number | null;
  max_users: WithDefault<number>;
  max_projects: WithDefault<number>;
  max_storage_gb: WithDefault<number>;
  /** 0/1: the plan's users may make API keys, and their keys work (decision 052). */
  api_access: WithDefault<Flag>;
  /** A creator's monthly budget for platform test runs, minor units. */
  test_budget_minor: WithDefault<number>;
  /** Playground sessions a month the plan gives a team, shared by its members (decision 064). */
  team_sessions: WithDefault<number>;
  sort_order: WithDefault<number>;
  icon: WithDefault<string>;
  is_popular: WithDefault<Flag>;
  is_active: WithDefault<Flag>;
  is_visible: WithDefault<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The token's first characters, shown in lists ('pf_AbCd1234'). */
  prefix: string;
  /** SHA-256 (hex) of the whole token; the token is shown once and never stored. */
  token_hash: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The team the key acts for (decision 071); null for a user's own key. */
  team_id: string | null;
}

export interface TeamsTable {
  id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: string;
  /** Unique: a user is in one team at most. */
  user_id: string;
  role: 'owner' | 'admin' | 'member';
  joined_at: Timestamp;
}

export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  email: string;
  email_normalized: string;
  role: 'admin' | 'member';
  /** SHA-256 (hex) of the link's token; the token is only in the mail. */
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  status: WithDefault<string>;
  billing: WithDefault<string>;
  current_period_start: Timestamp;
  current_period_end: Timestamp | null;
  trial_ends_at: Timestamp | null;
  canceled_at: Timestamp | null;
  payment_id: string | null;
  /** The period end its renewal reminder was sent for (migration 0027). */
  reminded_for: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromptsTable {
  id: string;
  slug: string;
  author_id: string;
  title: string;
  description: string;
  content: string;
  category: string;
  tags: WithDefault<string>;
  type: WithDefault<string>;
  price_minor: WithDefault<number>;
  currency: WithDefault<string>;
  status: WithDefault<string>;
  moderation_note: string | null;
  featured: WithDefault<Flag>;
  trending: WithDefault<Flag>;
  /** An admin's pin on the trending badge (1 on, 0 off); null: computed from activity. */
  trending_pinned: Flag | null;
  trending_score: WithDefault<number>;
  views_count: WithDefault<number>;
  likes_count: WithDefault<number>;
  downloads_count: WithDefault<number>;
  tries_count: WithDefault<number>;
  rating_sum: WithDefault<number>;
  rating_count: WithDefault<number>;
  /** rating_sum / rating_count, kept beside them for the rating sort. */
  rating_avg: WithDefault<number>;
  revenue_minor: WithDefault<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
  /** The changelog note of the newest version (migration 0028). */
  version_note: WithDefault<string | null>;
  /** When the newest version was made; null: at the prompt's creation. */
  version_at: WithDefault<Timestamp | null>;
  /** JSON list of the model names the latest version passes its tests on (migration 0030); null: none. */
  tested_on: string | null;
  /** When the latest version's tests last ran; null before they have. */
  tested_at: Timestamp | null;
  /** The public board (TestBoardSchema's JSON) as of the last run; null before tests touched it. */
  test_board: string | null;
  /** 'personal', 'commercial', 'cc-by-4.0' or 'cc0' (migration 0031, decision 058). */
  licence: WithDefault<string>;
  /** The prompt this one was remixed from; null when it is none or was deleted. */
  remix_of: WithDefault<string | null>;
  /** 1: a remix its source's licence keeps to its maker's own use (never published). */
  remix_private: WithDefault<Flag>;
  /** The listing by someone else whose text this one nearly matches (import or publish). */
  duplicate_of: WithDefault<string | null>;
  duplicate_similarity: WithDefault<number | null>;
  /** The team the prompt is shared with (migration 0033): read by its members only, never published. */
  team_id: string | null;
}

export interface PromptViewsTable {
  prompt_id: string;
  viewer_key: string;
  day: string;
}

export interface PromptLikesTable {
  prompt_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface PromptDownloadsTable {
  prompt_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface PromptReviewsTable {
  id: string;
  prompt_id: string;
  user_id: string;
  rating: number;
  body: WithDefault<string>;
  /** The model (its name) and prompt version of the reviewer's latest completed try (migration 0038). */
  used_model: WithDefault<string | null>;
  used_version: WithDefault<number | null>;
  /** A copy of one of the reviewer's own replies: the reply's id (no foreign key), model, output, date. */
  snapshot_message_id: WithDefault<string | null>;
  snapshot_model: WithDefault<string | null>;
  snapshot_output: WithDefault<string | null>;
  snapshot_at: WithDefault<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  kind: string;
  plan_id: string | null;
  prompt_id: string | null;
  /** The team a prompt order buys for (decision 063): a plain id, kept after the team is gone. */
  team_id: WithDefault<string | null>;
  billing: string | null;
  amount_minor: number;
  currency: string;
  status: WithDefault<string>;
  provider: string;
  provider_order_id: string;
  provider_payment_id: string | null;
  refunded_minor: WithDefault<number>;
  refunded_at: Timestamp | null;
  paid_at: Timestamp | null;
  receipt: string | null;
  /** Set in the transaction that granted the plan or prompt: a payment grants once. */
  granted_at: Timestamp | null;
  provider_refund_id: string | null;
  failure_reason: string | null;
  /**
   * Why a captured payment granted nothing and is refunded: 'already_owned' (the buyer had the prompt
   * already) or 'unavailable' (the prompt is gone). Set in the grant's transaction (decision 042).
   */
  ungranted_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PurchasesTable {
  id: string;
  prompt_id: string;
  /** The user who owns it, or null for a team's purchase (exactly one of the two, migration 0034). */
  buyer_id: string | null;
  /** The team that owns it, every current member entitled (decision 063). */
  team_id: string | null;
  payment_id: string | null;
  amount_minor: number;
  creator_share_minor: number;
  currency: string;
  /** Set when the payment was refunded: the buyer no longer has access. */
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PlaygroundSessionsTable {
  id: string;
  user_id: string;
  title: WithDefault<string>;
  model: string;
  prompt_id: string | null;
  message_count: WithDefault<number>;
  /** JSON object: a premium try's variable values. */
  prompt_variables: WithDefault<string>;
  /** The last message of the branch shown (migration 0025). */
  leaf_id: WithDefault<string | null>;
  /** JSON: the session's system prompt, temperature and reply length limit. */
  settings: WithDefault<string>;
  pinned_at: WithDefault<string | null>;
  /** The compare that started this session (one session per model column). */
  compare_id: WithDefault<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A conversation's share link (migration 0032): the branch that ends at `leaf_id`, to anyone with the id. */
export interface ConversationSharesTable {
  /** The link's secret part: 128 random bits. */
  id: string;
  session_id: string;
  user_id: string;
  leaf_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The newest version of a library prompt the user opened (migration 0037, decision 066). */
export interface LibrarySeenTable {
  user_id: string;
  prompt_id: string;
  version: number;
  seen_at: Timestamp;
}

/** A user's saved chat starting point (migration 0025). */
export interface PlaygroundPresetsTable {
  id: string;
  user_id: string;
  name: string;
  model: string;
  /** JSON: system prompt, temperature, reply length limit. */
  settings: WithDefault<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The admin's default chat preset (migration 0036): one row, id 'default'. */
export interface PlaygroundDefaultPresetTable {
  id: string;
  name: string;
  model: string;
  /** JSON: system prompt, temperature, reply length limit. */
  settings: WithDefault<string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** The playground allowance's ledger (migration 0019): a slot or a try taken, kept whatever the session becomes. */
export interface AllowanceEntriesTable {
  session_id: string;
  /** 'session' (a slot of the month) or 'try' (one of a premium prompt's tries) */
  kind: string;
  user_id: string;
  prompt_id: string | null;
  /** The UTC month the slot was taken in, '2026-12'. */
  month: string;
  /** The team whose pool the slot came from; null for the user's own allowance (decision 064). */
  team_id: string | null;
  created_at: Timestamp;
}

/** A team's playground pool in one UTC month (decision 064): CHECK 0 <= used <= size. */
export interface TeamPoolMonthsTable {
  team_id: string;
  month: string;
  used: WithDefault<number>;
  size: number;
}

export interface PlaygroundMessagesTable {
  id: string;
  session_id: string;
  role: string;
  content: string;
  model: string | null;
  status: WithDefault<string>;
  latency_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** `<provider>/<model id>` of the configured model that answered. */
  model_key: WithDefault<string | null>;
  /** The plan the reply was answered under. */
  plan_id: WithDefault<string | null>;
  /** Millionths of the currency's major unit, from the price table. */
  cost_micros: WithDefault<number | null>;
  /** 1: the tokens are estimated (the offline demo model), not the provider's count. */
  usage_estimated: WithDefault<number>;
  /** JSON: [{url, title}] the model cited. */
  sources: WithDefault<string | null>;
  reasoning: WithDefault<string | null>;
  /** The message this one follows; siblings are alternatives (migration 0025). */
  parent_id: WithDefault<string | null>;
  /** Why the model stopped: 'length' when the reply limit cut it. */
  finish_reason: WithDefault<string | null>;
  created_at: Timestamp;
}

export interface ModelPricesTable {
  model_key: string;
  input_micros: number;
  output_micros: number;
  updated_at: Timestamp;
}

export interface PlanModelsTable {
  plan_id: string;
  model_key: string;
  is_default: WithDefault<number>;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  message_id: string | null;
  name: string;
  media_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  company: WithDefault<string>;
  message: string;
  status: WithDefault<string>;
  ip: string | null;
  emailed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ActivityEventsTable {
  id: string;
  type: string;
  actor_id: string | null;
  prompt_id: string | null;
  subject_id: string | null;
  data: WithDefault<string>;
  created_at: Timestamp;
}

export interface AdminSettingsTable {
  user_id: string;
  settings: WithDefault<string>;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: WithDefault<string>;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface JobsTable {
  id: string;
  queue: string;
  /** JSON. */
  data: string;
  state: string;
  retry_count: WithDefault<number>;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: Flag;
  singleton_key: string | null;
  start_after: Timestamp;
  created_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  output: string | null;
}

export interface PromptVersionsTable {
  id: string;
  prompt_id: string;
  version: number;
  title: string;
  description: string;
  content: string;
  price_minor: number;
  /** When this version was replaced by the next (its row was written). */
  created_at: Timestamp;
  /** The creator's changelog note of this version. */
  note: string | null;
  /** When this version became the newest. */
  made_at: Timestamp | null;
}

/** A notice to a user (decision 055); (user_id, event_key) is unique: one notice per event. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  event_key: string;
  title: string;
  body: WithDefault<string>;
  link: string | null;
  /** JSON */
  data: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** Per prompt and UTC day: what happened to it (revenue is the creator's share). */
export interface PromptDailyStatsTable {
  prompt_id: string;
  day: string;
  views: WithDefault<number>;
  likes: WithDefault<number>;
  downloads: WithDefault<number>;
  tries: WithDefault<number>;
  purchases: WithDefault<number>;
  revenue_minor: WithDefault<number>;
}

/** SQLite only: stable keys for the FTS5 rows (see migration 0003). */
export interface PromptSearchTable {
  seq: ColumnType<number, never, never>;
  prompt_id: string;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  provider_order_id: string | null;
  received_at: Timestamp;
}
export interface CreatorEarningsTable {
  id: string;
  creator_id: string;
  prompt_id: string | null;
  purchase_id: string;
  payment_id: string | null;
  /** 'sale' or 'refund' */
  kind: string;
  /** Signed: sales positive, refunds negative. */
  amount_minor: number;
  currency: string;
  created_at: Timestamp;
}
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON */
  before: string | null;
  /** JSON */
  after: string | null;
  ip: string | null;
  created_at: Timestamp;
}
export interface PayoutAccountsTable {
  creator_id: string;
  /** The creator's Razorpay Route linked account (acc_...), for transfers. */
  razorpay_account_id: string | null;
  updated_at: Timestamp;
}
export interface PayoutThresholdsTable {
  currency: string;
  threshold_minor: number;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface PayoutsTable {
  id: string;
  creator_id: string;
  amount_minor: number;
  currency: string;
  /** 'requested', 'processing' (its transfer job not yet done), 'paid', 'rejected', 'failed' or 'reversed' */
  status: string;
  /** How it was paid: 'razorpay' (a Route transfer), 'test' (the test gateway), 'manual'. */
  method: string | null;
  /** The transfer id, or the admin's reference for a payout paid by hand. */
  reference: string | null;
  account_id: string | null;
  /** The rejection reason, or the last transfer failure. */
  note: string | null;
  /** Set while a transfer is being made, so two admins transfer once. */
  claim: string | null;
  /** What came back to the creator's balance: all of a failed transfer, a reversal's `amount_reversed`. */
  amount_reversed: WithDefault<number>;
  requested_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
  paid_at: Timestamp | null;
  updated_at: Timestamp;
}
export interface PayoutEntriesTable {
  id: string;
  payout_id: string;
  creator_id: string;
  /** 'reserve' (negative), 'approve' (0), 'pay' (0), 'release' and 'reverse' (positive) */
  kind: string;
  amount_minor: number;
  currency: string;
  actor_id: string | null;
  note: string | null;
  created_at: Timestamp;
}
/** A creator's test case of a prompt (migration 0030); the JSON columns follow src/shared/prompt-tests.ts. */
export interface PromptTestCasesTable {
  id: string;
  prompt_id: string;
  label: string;
  /** JSON object: variable name to value. */
  variables: WithDefault<string>;
  input: WithDefault<string>;
  /** JSON list of checks. */
  checks: WithDefault<string>;
  created_at: Timestamp;
}

/** A verified example on a listing (migration 0039, decision 069): a copy of a stored run. */
export interface PromptExamplesTable {
  id: string;
  prompt_id: string;
  /** 'test' (a prompt_test_runs row) or 'playground' (the creator's own reply in a try). */
  source: string;
  /** The run's or reply's id, without a foreign key: the copy stays. */
  source_id: string;
  /** 1 to 5: the order on the listing, each place once. */
  position: number;
  /** The model's name when it ran. */
  model: string;
  version: number | null;
  /** JSON {name: value} of the run's variables. */
  variables: WithDefault<string>;
  input: WithDefault<string>;
  output: string;
  run_at: Timestamp;
  created_at: Timestamp;
}

/** One run of one case on one model (migration 0030). */
export interface PromptTestRunsTable {
  id: string;
  prompt_id: string;
  case_id: string | null;
  /** Whose monthly test budget paid for it. */
  author_id: string;
  version: number;
  model_key: string;
  model_id: string;
  /** The model's name when it ran (Claude, ChatGPT...). */
  model_name: string;
  /** 'publish' or 'schedule' */
  trigger: string;
  /** JSON {variables, input}. */
  input: string;
  output: string;
  /** 'passed', 'failed' or 'error' */
  status: string;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_micros: WithDefault<number>;
  latency_ms: number | null;
  /** JSON list of check results. */
  checks: WithDefault<string>;
  /** UTC month it was paid in, '2026-12'. */
  month: string;
  created_at: Timestamp;
}

export interface PromptTestScheduleTable {
  prompt_id: string;
  due_at: Timestamp;
  failing: WithDefault<Flag>;
  stopped: string | null;
  updated_at: Timestamp;
}

export interface DB {
  payout_accounts: PayoutAccountsTable;
  payout_thresholds: PayoutThresholdsTable;
  payouts: PayoutsTable;
  payout_entries: PayoutEntriesTable;
  prompt_examples: PromptExamplesTable;
  prompt_test_cases: PromptTestCasesTable;
  prompt_test_runs: PromptTestRunsTable;
  prompt_test_schedule: PromptTestScheduleTable;
  payment_events: PaymentEventsTable;
  creator_earnings: CreatorEarningsTable;
  audit_log: AuditLogTable;
  prompt_search: PromptSearchTable;
  prompt_versions: PromptVersionsTable;
  prompt_daily_stats: PromptDailyStatsTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  password_resets: PasswordResetsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  prompts: PromptsTable;
  prompt_views: PromptViewsTable;
  prompt_likes: PromptLikesTable;
  prompt_downloads: PromptDownloadsTable;
  prompt_reviews: PromptReviewsTable;
  payments: PaymentsTable;
  purchases: PurchasesTable;
  playground_sessions: PlaygroundSessionsTable;
  playground_messages: PlaygroundMessagesTable;
  playground_presets: PlaygroundPresetsTable;
  playground_default_preset: PlaygroundDefaultPresetTable;
  conversation_shares: ConversationSharesTable;
  library_seen: LibrarySeenTable;
  model_prices: ModelPricesTable;
  plan_models: PlanModelsTable;
  api_keys: ApiKeysTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  team_pool_months: TeamPoolMonthsTable;
  uploads: UploadsTable;
  allowance_entries: AllowanceEntriesTable;
  contact_messages: ContactMessagesTable;
  activity_events: ActivityEventsTable;
  admin_settings: AdminSettingsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PromptRow = Selectable<PromptsTable>;
export type NewPrompt = Insertable<PromptsTable>;
export type PlanRow = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
