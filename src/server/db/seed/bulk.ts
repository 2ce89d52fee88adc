/*
 * Bulk data for benchmarks: many users and published prompts with realistic vocabulary, counts and
 * dates. Rows are generated batch by batch (never all in memory) and written with multi-row inserts
 * inside one transaction, which is what makes 100 000 prompts take seconds rather than minutes.
 */
import type { Insertable, Kysely } from 'kysely';
import { CATEGORIES, DEFAULT_CURRENCY, type Category } from '../../../shared/constants';
import { newId } from '../../lib/time';
import { hashPassword } from '../../modules/auth/password';
import type { Engine } from '../database';
import type {
  DB,
  PaymentsTable,
  PromptReviewsTable,
  PromptsTable,
  SubscriptionsTable,
  UsersTable,
} from '../types';
import {
  ADJECTIVES,
  BENEFITS,
  BIO_FRAGMENTS,
  CATEGORY_WORDS,
  DESCRIPTION_VERBS,
  FIRST_NAMES,
  FORMATS,
  GENERIC_CONSTRAINTS,
  LAST_NAMES,
  REVIEW_SNIPPETS,
  TONES,
  TOOL_NOUNS,
} from './bulk-words';
import { Rng } from './prng';
import { DAY_MS, MAX_PARAMS, MINUTE_MS, insertRows, isoBefore, slugify } from './seed-utils';

/** Every bulk user signs in with this password, so load tests can log in as any of them. */
export const BULK_USER_PASSWORD = 'bench-pass-123';
/** Bulk users are recognisable (and removable) by this e-mail domain. */
export const BULK_EMAIL_DOMAIN = 'bulk.promptforge.test';

export type BulkPhase = 'users' | 'prompts' | 'subscriptions';

export interface BulkOptions {
  prompts: number;
  users: number;
  engine: Engine;
  /** Rows per phase between progress reports is one insert batch. */
  onProgress?: (phase: BulkPhase, done: number, total: number) => void;
  /** Fixes "now" (tests); defaults to the current time. */
  now?: number;
  seed?: number;
}

export interface BulkResult {
  users: number;
  prompts: number;
  reviews: number;
  subscriptions: number;
}

interface BulkUser {
  id: string;
  createdMs: number;
}

const USER_SPAN_DAYS = 730;
const PROMPT_SPAN_DAYS = 365;

const titleCase = (s: string): string =>
  s
    .replace(/\b([a-z])/g, (m) => m.toUpperCase())
    .replace(/\bAnd\b/g, 'and')
    .replace(/\bFor\b/g, 'for');

const tagOf = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, '-')
    .replace(/\//g, '-')
    .replace(/^-+|-+$/g, '');

/** Inserts `options.users` users and `options.prompts` published prompts (with reviews), plus some subscriptions. */
export async function bulkSeed(db: Kysely<DB>, options: BulkOptions): Promise<BulkResult> {
  const rng = new Rng(options.seed ?? 7_919);
  const now = options.now ?? Date.now();
  const maxParams = MAX_PARAMS[options.engine];
  const report = options.onProgress ?? (() => {});
  // One hash for everyone: argon2id is deliberately slow, and 10 000 of them would take minutes.
  const passwordHash = await hashPassword(BULK_USER_PASSWORD);

  return db.transaction().execute(async (trx) => {
    const takenEmails = new Set(
      (
        await trx
          .selectFrom('users')
          .select('email_normalized')
          .where('email_normalized', 'like', `%@${BULK_EMAIL_DOMAIN}`)
          .execute()
      ).map((r) => r.email_normalized),
    );
    const takenSlugs = new Set((await trx.selectFrom('prompts').select('slug').execute()).map((r) => r.slug));
    // Generated titles repeat; remembering the next suffix per title keeps de-duplication linear.
    const nextSuffix = new Map<string, number>();
    const nextSlug = (title: string): string => {
      const base = slugify(title);
      let n = nextSuffix.get(base) ?? 1;
      let slug = n === 1 ? base : `${base}-${n}`;
      while (takenSlugs.has(slug)) slug = `${base}-${++n}`;
      nextSuffix.set(base, n + 1);
      takenSlugs.add(slug);
      return slug;
    };

    // Users
    const users: BulkUser[] = [];
    const userBatch = Math.max(1, Math.floor(maxParams / 13));
    let emailSeq = 0;
    report('users', 0, options.users);
    while (users.length < options.users) {
      const rows: Insertable<UsersTable>[] = [];
      const target = Math.min(options.users, users.length + userBatch);
      for (let i = users.length; i < target; i++) {
        const first = rng.pick(FIRST_NAMES);
        const last = rng.pick(LAST_NAMES);
        let email: string;
        do {
          emailSeq += 1;
          email = `${slugify(first)}.${slugify(last)}.${emailSeq}@${BULK_EMAIL_DOMAIN}`;
        } while (takenEmails.has(email));
        takenEmails.add(email);
        const createdMs = now - Math.floor(rng.next() * USER_SPAN_DAYS * DAY_MS);
        const createdAt = new Date(createdMs).toISOString();
        const id = newId();
        users.push({ id, createdMs });
        rows.push({
          id,
          name: `${first} ${last}`,
          email,
          email_normalized: email,
          password_hash: passwordHash,
          role: 'user',
          status: rng.chance(0.01) ? 'suspended' : 'active',
          avatar_url: null,
          bio: rng.chance(0.3) ? rng.pick(BIO_FRAGMENTS) : null,
          trial_used_at: null,
          last_active_at: isoBefore(now, Math.floor(rng.next() * Math.min(now - createdMs, 60 * DAY_MS))),
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      await insertRows(trx, 'users', rows, maxParams);
      report('users', users.length, options.users);
    }

    // Prompts and their reviews. About a third of users publish; a few of those publish a lot.
    const creators = users.length > 0 ? rng.sample(users, Math.max(1, Math.ceil(users.length / 3))) : [];
    if (options.prompts > 0 && creators.length === 0) {
      throw new Error('bulk prompts need authors: pass --users as well, or seed users first');
    }
    const promptBatch = Math.max(1, Math.floor(maxParams / 28));
    let promptsDone = 0;
    let reviews = 0;
    report('prompts', 0, options.prompts);
    while (promptsDone < options.prompts) {
      const rows: Insertable<PromptsTable>[] = [];
      const reviewRows: Insertable<PromptReviewsTable>[] = [];
      const target = Math.min(options.prompts, promptsDone + promptBatch);
      for (; promptsDone < target; promptsDone++) {
        const author = creators[Math.floor(Math.pow(rng.next(), 2) * creators.length)] as BulkUser;
        const category = rng.pick(CATEGORIES);
        const generated = generatePrompt(rng, category);
        const id = newId();
        const earliest = Math.max(author.createdMs, now - PROMPT_SPAN_DAYS * DAY_MS);
        const publishedMs = earliest + Math.floor(rng.next() * (now - earliest));
        const ageDays = (now - publishedMs) / DAY_MS;
        const createdMs = Math.max(author.createdMs, publishedMs - rng.int(0, 72 * 60) * MINUTE_MS);
        const premium = rng.chance(0.3);
        const price = premium ? rng.pick([299, 499, 499, 999, 999, 1499, 1999]) : 0;
        const exposure = 0.2 + 0.8 * Math.min(1, ageDays / 90);
        const views = Math.round(rng.skewed(5, 20_000, 4) * exposure);
        const likes = Math.round(views * rng.next() * 0.08);
        const downloads = Math.round(views * (premium ? rng.next() * 0.02 : rng.next() * 0.2));
        const tries = Math.round(views * rng.next() * 0.1);

        let ratingSum = 0;
        let ratingCount = 0;
        // Reviews follow reach: a prompt seen a handful of times rarely has any.
        const reviewCount = rng.int(0, Math.min(5, Math.floor(Math.log10(views + 1) * 1.4)));
        for (const reviewer of rng.sample(users, reviewCount)) {
          if (reviewer.id === author.id) continue;
          const from = Math.max(publishedMs, reviewer.createdMs);
          if (from >= now) continue;
          const at = new Date(from + Math.floor(rng.next() * (now - from))).toISOString();
          const r = rng.next();
          const rating = r < 0.45 ? 5 : r < 0.8 ? 4 : r < 0.93 ? 3 : r < 0.98 ? 2 : 1;
          ratingSum += rating;
          ratingCount += 1;
          reviewRows.push({
            id: newId(),
            prompt_id: id,
            user_id: reviewer.id,
            rating,
            body: rng.pick(REVIEW_SNIPPETS),
            created_at: at,
            updated_at: at,
          });
        }

        const publishedAt = new Date(publishedMs).toISOString();
        const slug = nextSlug(generated.title);
        rows.push({
          id,
          slug,
          author_id: author.id,
          title: generated.title,
          description: generated.description,
          content: generated.content,
          category,
          tags: JSON.stringify(generated.tags),
          type: premium ? 'premium' : 'free',
          price_minor: price,
          currency: DEFAULT_CURRENCY,
          status: 'published',
          moderation_note: null,
          featured: rng.chance(0.01) ? 1 : 0,
          // Trending is the app's to compute, from the last week's activity (refreshTrending), of
          // which bulk data has none: values made up here were all rewritten by the app's first
          // refresh, minutes of writes (and of caches emptied) on a large catalogue.
          trending: 0,
          trending_score: 0,
          views_count: views,
          likes_count: likes,
          downloads_count: downloads,
          tries_count: tries,
          rating_sum: ratingSum,
          rating_count: ratingCount,
          rating_avg: ratingCount > 0 ? ratingSum / ratingCount : 0,
          revenue_minor: premium ? downloads * price : 0,
          created_at: new Date(createdMs).toISOString(),
          updated_at: publishedAt,
          published_at: publishedAt,
        });
      }
      await insertRows(trx, 'prompts', rows, maxParams);
      await insertRows(trx, 'prompt_reviews', reviewRows, maxParams);
      reviews += reviewRows.length;
      report('prompts', promptsDone, options.prompts);
    }

    const subscriptions = await seedSubscriptions(trx, rng, users, now, maxParams, report);
    return { users: users.length, prompts: promptsDone, reviews, subscriptions };
  });
}

/** About one user in ten pays: mostly Premium, some Business, each with the payment of the current period. */
async function seedSubscriptions(
  db: Kysely<DB>,
  rng: Rng,
  users: BulkUser[],
  now: number,
  maxParams: number,
  report: (phase: BulkPhase, done: number, total: number) => void,
): Promise<number> {
  const plans = await db
    .selectFrom('plans')
    .select(['id', 'slug', 'price_monthly_minor', 'price_yearly_minor', 'currency'])
    .where('slug', 'in', ['premium', 'business'])
    .execute();
  const premium = plans.find((p) => p.slug === 'premium');
  const business = plans.find((p) => p.slug === 'business');
  if (!premium || !business || users.length === 0) return 0;

  const subs: Insertable<SubscriptionsTable>[] = [];
  const payments: Insertable<PaymentsTable>[] = [];
  for (const u of users) {
    const r = rng.next();
    if (r >= 0.1) continue;
    const plan = r < 0.08 ? premium : business;
    const billing = rng.chance(0.25) ? 'annual' : 'monthly';
    const periodDays = billing === 'annual' ? 365 : 30;
    const sinceMs = u.createdMs + Math.floor(rng.next() * (now - u.createdMs));
    // The current period began at most one period ago.
    const periodStartMs = now - Math.floor(rng.next() * Math.min(now - sinceMs, periodDays * DAY_MS));
    const periodStart = new Date(periodStartMs).toISOString();
    const amount = billing === 'annual' ? plan.price_yearly_minor : plan.price_monthly_minor;
    subs.push({
      id: newId(),
      user_id: u.id,
      plan_id: plan.id,
      status: 'active',
      billing,
      current_period_start: periodStart,
      current_period_end: new Date(periodStartMs + periodDays * DAY_MS).toISOString(),
      trial_ends_at: null,
      canceled_at: null,
      created_at: new Date(sinceMs).toISOString(),
      updated_at: periodStart,
    });
    const paymentId = newId();
    const ref = paymentId.replace(/-/g, '');
    payments.push({
      id: paymentId,
      user_id: u.id,
      kind: 'subscription',
      plan_id: plan.id,
      prompt_id: null,
      billing,
      amount_minor: amount,
      currency: plan.currency,
      status: 'captured',
      granted_at: periodStart,
      provider: 'test',
      provider_order_id: `order_bulk_${ref}`,
      provider_payment_id: `pay_bulk_${ref}`,
      refunded_minor: 0,
      refunded_at: null,
      paid_at: periodStart,
      created_at: periodStart,
      updated_at: periodStart,
    });
  }
  report('subscriptions', 0, subs.length);
  await insertRows(db, 'subscriptions', subs, maxParams);
  await insertRows(db, 'payments', payments, maxParams);
  report('subscriptions', subs.length, subs.length);
  return subs.length;
}

interface GeneratedPrompt {
  title: string;
  description: string;
  content: string;
  tags: string[];
}

/** A believable prompt assembled from the category's vocabulary. */
export function generatePrompt(rng: Rng, category: Category): GeneratedPrompt {
  const w = CATEGORY_WORDS[category];
  const adjective = rng.pick(ADJECTIVES);
  const artifact = rng.pick(w.artifacts);
  const tool = rng.pick(TOOL_NOUNS);
  const audience = rng.pick(w.audiences);
  const topic = rng.pick(w.topics);
  const withAudience = rng.chance(0.5);
  const withTopic = !withAudience && rng.chance(0.4);
  const title =
    `${adjective} ${titleCase(artifact)} ${tool}` +
    (withAudience ? ` for ${audience}` : '') +
    (withTopic ? ` (${topic})` : '');

  const description =
    `${rng.pick(DESCRIPTION_VERBS)} ${/^[aeiou]/i.test(adjective) ? 'an' : 'a'} ${adjective.toLowerCase()} ${artifact} ` +
    `for ${audience.toLowerCase()}, ` +
    `with a focus on ${topic}. ${rng.pick(BENEFITS)}`;

  // Steps keep their written order, which runs from understanding the task to delivering it.
  const steps = rng.sample(w.steps, rng.int(4, 6)).sort((a, b) => w.steps.indexOf(a) - w.steps.indexOf(b));
  const constraints = rng.sample(GENERIC_CONSTRAINTS, rng.int(2, 3));
  const content = [
    `You are ${rng.pick(w.roles)} who helps ${audience.toLowerCase()} produce an excellent ${artifact}.`,
    '',
    `Context:`,
    `- Subject: [topic], with a focus on ${topic}`,
    `- Audience: [audience]`,
    `- Tone: ${rng.pick(TONES)}`,
    `- Goal: [what the ${artifact} must achieve]`,
    '',
    'Task:',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    'Constraints:',
    ...constraints.map((c) => `- ${c}`),
    '',
    `Output: ${rng.pick(FORMATS)}.`,
  ].join('\n');

  const tags = new Set<string>([tagOf(topic), tagOf(artifact)]);
  const wanted = rng.int(3, 5);
  for (const t of rng.sample([category, ...w.topics], wanted + 2)) {
    if (tags.size >= wanted) break;
    tags.add(tagOf(t));
  }
  return { title, description, content, tags: [...tags] };
}
