// Size: Long because it holds the demo catalogue's data and one seeded generator over it; the texts are data, not logic.
/*
 * Builds the demo data set in memory, with no database access, so it can be inspected and tested on its
 * own. Everything is drawn from a seeded generator and placed at fixed offsets before `now`: reseeding
 * tomorrow gives the same data, just as old relative to tomorrow.
 */
import type { Insertable } from 'kysely';
import { DEFAULT_CURRENCY, MODELS } from '../../../shared/constants';
import { addMonths, newId } from '../../lib/time';
import type {
  AllowanceEntriesTable,
  ActivityEventsTable,
  PaymentsTable,
  PlansTable,
  CreatorEarningsTable,
  PlaygroundMessagesTable,
  PlaygroundSessionsTable,
  PromptDownloadsTable,
  PromptLikesTable,
  PromptReviewsTable,
  PromptsTable,
  PurchasesTable,
  SubscriptionsTable,
  UsersTable,
} from '../types';
import {
  CONVERSATIONS,
  FAILED_REPLY_TEXT,
  REVIEW_BODIES,
  SESSION_PLANS,
  type SessionPlan,
} from './demo-activity';
import { DEMO_ADMIN_KEY, DEMO_PEOPLE, DEMO_USER_KEY, type PersonSeed } from './demo-people';
import { PLAN_SEEDS, yearlyPriceMinor } from './demo-plans';
import { DEMO_PROMPTS, type PromptSeed } from './demo-prompts';
import { Rng } from './prng';
import { DAY_MS, HOUR_MS, MINUTE_MS, estimateTokens, isoAfter, isoBefore, uniqueSlug } from './seed-utils';

const SEED = 20_240_917;
/** The share of a sale the creator kept on these historic demo purchases. */
const CREATOR_SHARE = 0.8;
const RECENT_MS = 7 * DAY_MS;

export interface DemoPasswordHashes {
  /** For the demo user account. */
  user: string;
  /** For the demo admin account. */
  admin: string;
  /**
   * For everyone else. It is the hash of a random password, so nobody can sign in as the other demo
   * people: the only known credentials stay the two the admin login page shows.
   */
  others: string;
}

export interface DemoData {
  plans: Insertable<PlansTable>[];
  users: Insertable<UsersTable>[];
  subscriptions: Insertable<SubscriptionsTable>[];
  prompts: Insertable<PromptsTable>[];
  payments: Insertable<PaymentsTable>[];
  purchases: Insertable<PurchasesTable>[];
  earnings: Insertable<CreatorEarningsTable>[];
  reviews: Insertable<PromptReviewsTable>[];
  likes: Insertable<PromptLikesTable>[];
  downloads: Insertable<PromptDownloadsTable>[];
  sessions: Insertable<PlaygroundSessionsTable>[];
  messages: Insertable<PlaygroundMessagesTable>[];
  allowanceEntries: Insertable<AllowanceEntriesTable>[];
  events: Insertable<ActivityEventsTable>[];
}

interface SeededUser {
  id: string;
  person: PersonSeed;
  createdAt: string;
  /** On the free plan, so buying premium prompts one by one makes sense. */
  free: boolean;
}

interface SeededPrompt {
  row: Insertable<PromptsTable> & { id: string; published_at: string | null; created_at: string };
  seed: PromptSeed;
  authorId: string;
}

const ms = (iso: string): number => Date.parse(iso);

/** A reply time between about 600 ms and 2.5 s, most near the middle, like a real model's. */
function replyLatency(rng: Rng): number {
  return 600 + Math.round(((rng.next() + rng.next() + rng.next()) / 3) * 1900);
}

/** A time uniformly between two instants (ISO), or null when the window is empty. */
function between(rng: Rng, fromMs: number, toMs: number): string | null {
  if (toMs <= fromMs) return null;
  return new Date(fromMs + Math.floor(rng.next() * (toMs - fromMs))).toISOString();
}

export function buildDemoData(now: number, hashes: DemoPasswordHashes): DemoData {
  const rng = new Rng(SEED);
  const data: DemoData = {
    plans: [],
    users: [],
    subscriptions: [],
    prompts: [],
    payments: [],
    purchases: [],
    earnings: [],
    reviews: [],
    likes: [],
    downloads: [],
    sessions: [],
    messages: [],
    allowanceEntries: [],
    events: [],
  };

  // Plans
  const planCreated = isoBefore(now, 210 * DAY_MS);
  const plansBySlug = new Map<string, { id: string; monthly: number; yearly: number }>();
  for (const p of PLAN_SEEDS) {
    const id = newId();
    const yearly = yearlyPriceMinor(p.priceMonthlyMinor);
    plansBySlug.set(p.slug, { id, monthly: p.priceMonthlyMinor, yearly });
    data.plans.push({
      id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      price_monthly_minor: p.priceMonthlyMinor,
      price_yearly_minor: yearly,
      currency: DEFAULT_CURRENCY,
      features: JSON.stringify(p.features),
      limitations: JSON.stringify(p.limitations),
      session_limit: p.sessionLimit,
      max_users: p.maxUsers,
      api_access: p.apiAccess ? 1 : 0,
      test_budget_minor: p.testBudgetMinor,
      team_sessions: p.teamSessions,
      max_projects: p.maxProjects,
      max_storage_gb: p.maxStorageGb,
      sort_order: p.sortOrder,
      icon: p.icon,
      is_popular: p.isPopular ? 1 : 0,
      is_active: 1,
      is_visible: 1,
      created_at: planCreated,
      updated_at: planCreated,
    });
  }

  // People
  const users = new Map<string, SeededUser>();
  for (const person of DEMO_PEOPLE) {
    const id = newId();
    const createdAt = isoBefore(now, person.joinedDaysAgo * DAY_MS - rng.int(0, 10 * 60) * MINUTE_MS);
    users.set(person.key, { id, person, createdAt, free: person.plan === null && person.role === 'user' });
    const passwordHash =
      person.key === DEMO_USER_KEY
        ? hashes.user
        : person.key === DEMO_ADMIN_KEY
          ? hashes.admin
          : hashes.others;
    data.users.push({
      id,
      name: person.name,
      email: person.email,
      email_normalized: person.email.trim().toLowerCase(),
      password_hash: passwordHash,
      role: person.role,
      status: person.status,
      avatar_url: null,
      bio: person.bio,
      trial_used_at: null,
      last_active_at: isoBefore(now, person.lastActiveHoursAgo * HOUR_MS),
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  const userOf = (key: string): SeededUser => {
    const u = users.get(key);
    if (!u) throw new Error(`demo data refers to an unknown person: ${key}`);
    return u;
  };
  // People who do things on the site now: not the admin, not the suspended account.
  const activeMembers = [...users.values()].filter(
    (u) => u.person.role === 'user' && u.person.status === 'active',
  );

  let orderSeq = 0;
  const addPayment = (
    userId: string,
    paidAt: string,
    amountMinor: number,
    extra:
      | { kind: 'subscription'; planId: string; billing: 'monthly' | 'annual' }
      | { kind: 'prompt'; promptId: string },
  ): string => {
    orderSeq += 1;
    const id = newId();
    const ref = String(orderSeq).padStart(4, '0');
    data.payments.push({
      id,
      user_id: userId,
      kind: extra.kind,
      plan_id: extra.kind === 'subscription' ? extra.planId : null,
      prompt_id: extra.kind === 'prompt' ? extra.promptId : null,
      billing: extra.kind === 'subscription' ? extra.billing : null,
      amount_minor: amountMinor,
      currency: DEFAULT_CURRENCY,
      status: 'captured',
      granted_at: paidAt,
      provider: 'test',
      provider_order_id: `order_demo_${ref}`,
      provider_payment_id: `pay_demo_${ref}`,
      refunded_minor: 0,
      refunded_at: null,
      paid_at: paidAt,
      // A fixed gap, not a random one: how many renewals fall before `now` depends on the calendar, and
      // drawing from the generator here would shift everything drawn after it from one day to the next.
      created_at: isoBefore(ms(paidAt), 45_000),
      updated_at: paidAt,
    });
    return id;
  };

  // Subscriptions, with one paid payment per billing period so revenue charts have a history.
  for (const u of users.values()) {
    const choice = u.person.plan;
    if (!choice) continue;
    const plan = plansBySlug.get(choice.slug);
    if (!plan) throw new Error(`demo data refers to an unknown plan: ${choice.slug}`);
    const start = isoBefore(now, choice.sinceDaysAgo * DAY_MS - rng.int(0, 8 * 60) * MINUTE_MS);
    const step = choice.billing === 'monthly' ? 1 : 12;
    let periodStart = start;
    for (let k = 0; ms(addMonths(start, k * step)) <= now; k++) {
      periodStart = addMonths(start, k * step);
      const amount = choice.billing === 'monthly' ? plan.monthly : plan.yearly;
      addPayment(u.id, periodStart, amount, {
        kind: 'subscription',
        planId: plan.id,
        billing: choice.billing,
      });
    }
    data.subscriptions.push({
      id: newId(),
      user_id: u.id,
      plan_id: plan.id,
      status: 'active',
      billing: choice.billing,
      current_period_start: periodStart,
      current_period_end: addMonths(periodStart, step),
      trial_ends_at: null,
      canceled_at: null,
      created_at: start,
      updated_at: periodStart,
    });
  }

  // Prompts. Published ones are spread evenly over the last ~six months, shuffled so no category clusters.
  const slugs = new Set<string>();
  const publishedSeeds = DEMO_PROMPTS.filter((p) => (p.status ?? 'published') === 'published');
  const spacing = 178 / Math.max(1, publishedSeeds.length - 1);
  const ages = rng.sample(
    publishedSeeds.map((_, k) => Math.max(0.2, 0.4 + k * spacing + (rng.next() - 0.5) * spacing * 0.8)),
    publishedSeeds.length,
  );
  const prompts: SeededPrompt[] = [];
  let publishedIndex = 0;
  for (const seed of DEMO_PROMPTS) {
    const author = userOf(seed.author);
    const status = seed.status ?? 'published';
    const premium = seed.priceMinor > 0;
    let createdAt: string;
    let publishedAt: string | null = null;
    let updatedAt: string;
    let ageDays = 0;
    if (status === 'draft') {
      createdAt = isoBefore(now, rng.int(1, 20) * DAY_MS + rng.int(0, 600) * MINUTE_MS);
      updatedAt = isoAfter(createdAt, rng.int(1, 20) * HOUR_MS);
    } else if (status === 'archived') {
      publishedAt = isoBefore(now, 110 * DAY_MS + rng.int(0, 600) * MINUTE_MS);
      createdAt = isoBefore(ms(publishedAt), rng.int(2, 30) * HOUR_MS);
      updatedAt = isoBefore(now, 30 * DAY_MS);
      ageDays = 110;
    } else {
      ageDays = ages[publishedIndex++] ?? 30;
      // Nobody publishes before joining.
      const joinedDays = (now - ms(author.createdAt)) / DAY_MS;
      if (ageDays > joinedDays - 2) ageDays = joinedDays - 2 - rng.next() * 10;
      publishedAt = isoBefore(now, Math.round(ageDays * DAY_MS));
      createdAt = isoBefore(ms(publishedAt), rng.int(1, 72) * HOUR_MS);
      updatedAt = publishedAt;
    }

    let views = 0;
    let likes = 0;
    let downloads = 0;
    let tries = 0;
    if (status !== 'draft') {
      // Newer prompts have had less time to collect views.
      const exposure = 0.25 + 0.75 * Math.min(1, ageDays / 60);
      views = Math.round(rng.skewed(250, 9000, 2.2) * exposure);
      if (seed.featured) views += rng.int(4000, 9000);
      if (seed.trending) views += rng.int(2500, 6000);
      likes = Math.round(views * (0.03 + rng.next() * 0.06));
      downloads = premium
        ? Math.round(views * (0.004 + rng.next() * 0.016))
        : Math.round(views * (0.08 + rng.next() * 0.14));
      tries = Math.round(views * (0.04 + rng.next() * 0.08));
    }

    const id = newId();
    prompts.push({
      seed,
      authorId: author.id,
      row: {
        id,
        slug: uniqueSlug(seed.title, slugs),
        author_id: author.id,
        title: seed.title,
        description: seed.description,
        content: seed.content,
        category: seed.category,
        tags: JSON.stringify(seed.tags),
        type: premium ? 'premium' : 'free',
        price_minor: seed.priceMinor,
        currency: DEFAULT_CURRENCY,
        status,
        moderation_note: seed.moderationNote ?? null,
        featured: seed.featured ? 1 : 0,
        trending: seed.trending ? 1 : 0,
        trending_score: 0,
        views_count: views,
        likes_count: likes,
        downloads_count: downloads,
        tries_count: tries,
        rating_sum: 0,
        rating_count: 0,
        rating_avg: 0,
        revenue_minor: 0,
        created_at: createdAt,
        updated_at: updatedAt,
        published_at: publishedAt,
      },
    });
  }
  const published = prompts.filter((p) => p.row.status === 'published');
  const publishedMs = (p: SeededPrompt): number => ms(p.row.published_at ?? p.row.created_at);

  // Reviews: rating_sum and rating_count are exactly the sums of the rows inserted here.
  const reviewers = [...users.values()].filter((u) => u.person.role === 'user');
  for (const p of published) {
    const count = rng.int(0, 5) + (p.seed.featured ? 2 : 0) + (p.seed.trending ? 1 : 0);
    const usedBodies = new Set<string>();
    for (const reviewer of rng.sample(
      reviewers.filter((u) => u.id !== p.authorId),
      count,
    )) {
      const createdAt = between(
        rng,
        Math.max(publishedMs(p), ms(reviewer.createdAt)) + HOUR_MS,
        now - 10 * MINUTE_MS,
      );
      if (!createdAt) continue;
      const r = rng.next() - (p.seed.featured ? 0.1 : 0);
      const rating = r < 0.5 ? 5 : r < 0.82 ? 4 : r < 0.94 ? 3 : r < 0.99 ? 2 : 1;
      const pool = REVIEW_BODIES[rating];
      const fresh = pool.filter((b) => !usedBodies.has(b));
      const body = rng.pick(fresh.length > 0 ? fresh : pool);
      usedBodies.add(body);
      data.reviews.push({
        id: newId(),
        prompt_id: p.row.id,
        user_id: reviewer.id,
        rating,
        body,
        created_at: createdAt,
        updated_at: createdAt,
      });
      p.row.rating_sum = (p.row.rating_sum ?? 0) + rating;
      p.row.rating_count = (p.row.rating_count ?? 0) + 1;
      p.row.rating_avg = p.row.rating_sum / p.row.rating_count;
    }
  }

  // Purchases of premium prompts by people on the free plan: the paid plans already promise every prompt.
  const premiumPrompts = published.filter((p) => p.seed.priceMinor > 0);
  const bought = new Set<string>();
  const purchasesPerPrompt = new Map<string, number>();
  const buyers = activeMembers.filter((u) => u.free);
  const purchasePlan: SeededUser[] = [userOf(DEMO_USER_KEY), userOf(DEMO_USER_KEY)];
  for (let i = 0; i < 9; i++) purchasePlan.push(rng.pick(buyers));
  for (const buyer of purchasePlan) {
    const candidates = premiumPrompts.filter(
      (p) => p.authorId !== buyer.id && !bought.has(`${p.row.id}:${buyer.id}`),
    );
    if (candidates.length === 0) continue;
    const p = rng.pick(candidates);
    const paidAt = between(
      rng,
      Math.max(now - 40 * DAY_MS, publishedMs(p), ms(buyer.createdAt)),
      now - 30 * MINUTE_MS,
    );
    if (!paidAt) continue;
    bought.add(`${p.row.id}:${buyer.id}`);
    const price = p.seed.priceMinor;
    const paymentId = addPayment(buyer.id, paidAt, price, { kind: 'prompt', promptId: p.row.id });
    const purchaseId = newId();
    const share = Math.round(price * CREATOR_SHARE);
    data.earnings.push({
      id: newId(),
      creator_id: p.authorId,
      prompt_id: p.row.id,
      purchase_id: purchaseId,
      payment_id: paymentId,
      kind: 'sale',
      amount_minor: share,
      currency: DEFAULT_CURRENCY,
      created_at: paidAt,
    });
    data.purchases.push({
      id: purchaseId,
      prompt_id: p.row.id,
      buyer_id: buyer.id,
      payment_id: paymentId,
      amount_minor: price,
      creator_share_minor: share,
      currency: DEFAULT_CURRENCY,
      created_at: paidAt,
    });
    purchasesPerPrompt.set(p.row.id, (purchasesPerPrompt.get(p.row.id) ?? 0) + 1);
  }

  // Likes and downloads of the last seven days, each with its activity event. The seeded likes_count
  // and downloads_count stand for the whole history, so they are larger than these rows, never smaller.
  const recentWindowStart = now - RECENT_MS;
  const pairs = new Set<string>();
  const recentAction = (
    kind: 'like' | 'download',
    user: SeededUser,
    candidates: SeededPrompt[],
  ): { prompt: SeededPrompt; at: string } | null => {
    const options = candidates.filter(
      (p) => p.authorId !== user.id && !pairs.has(`${kind}:${p.row.id}:${user.id}`),
    );
    if (options.length === 0) return null;
    const prompt = rng.pick(options);
    const at = between(
      rng,
      Math.max(recentWindowStart, publishedMs(prompt), ms(user.createdAt)) + 5 * MINUTE_MS,
      now - 5 * MINUTE_MS,
    );
    if (!at) return null;
    pairs.add(`${kind}:${prompt.row.id}:${user.id}`);
    return { prompt, at };
  };
  const freePrompts = published.filter((p) => p.seed.priceMinor === 0);
  const demo = userOf(DEMO_USER_KEY);
  const likers = [demo, demo, demo, demo, ...Array.from({ length: 44 }, () => rng.pick(activeMembers))];
  for (const user of likers) {
    const action = recentAction('like', user, published);
    if (!action) continue;
    data.likes.push({ prompt_id: action.prompt.row.id, user_id: user.id, created_at: action.at });
    data.events.push(
      event('prompt.liked', action.at, user.id, action.prompt.row.id, null, {
        title: action.prompt.seed.title,
      }),
    );
  }
  const downloaders = [demo, demo, demo, ...Array.from({ length: 30 }, () => rng.pick(activeMembers))];
  for (const user of downloaders) {
    const action = recentAction('download', user, freePrompts);
    if (!action) continue;
    data.downloads.push({ prompt_id: action.prompt.row.id, user_id: user.id, created_at: action.at });
    data.events.push(
      event('prompt.downloaded', action.at, user.id, action.prompt.row.id, null, {
        title: action.prompt.seed.title,
      }),
    );
  }

  // Playground history: the scripted sessions, plus older ones so the success rate and the median reply
  // time rest on a few dozen replies rather than a handful.
  const promptByTitle = new Map(prompts.map((p) => [p.seed.title, p]));
  const sessionPlans: (SessionPlan & { model?: string })[] = [...SESSION_PLANS];
  for (const u of activeMembers) {
    // The demo user's monthly allowance stays mostly free for whoever tries the demo.
    if (u.id === demo.id) continue;
    const extra = rng.int(0, 3);
    for (let i = 0; i < extra; i++) {
      sessionPlans.push({
        user: u.person.key,
        conversation: rng.int(0, CONVERSATIONS.length - 1),
        hoursAgo: rng.int(3 * 24, 28 * 24),
        model: rng.pick(MODELS),
      });
    }
  }
  const triesPerPrompt = new Map<string, number>();
  for (const plan of sessionPlans) {
    const user = userOf(plan.user);
    const script = CONVERSATIONS[plan.conversation];
    if (!script) throw new Error(`demo session refers to an unknown conversation: ${plan.conversation}`);
    const startMs = now - plan.hoursAgo * HOUR_MS - rng.int(0, 50) * MINUTE_MS;
    if (startMs <= ms(user.createdAt)) continue;
    const prompt = script.promptTitle ? promptByTitle.get(script.promptTitle) : undefined;
    const usablePrompt =
      prompt && prompt.row.status === 'published' && publishedMs(prompt) < startMs ? prompt : undefined;
    const model = plan.model ?? script.model;
    const sessionId = newId();
    const messages: Insertable<PlaygroundMessagesTable>[] = [];
    let t = startMs;
    let context = '';
    const say = (content: string) => {
      messages.push({
        id: newId(),
        session_id: sessionId,
        role: 'user',
        content,
        model: null,
        status: 'complete',
        latency_ms: null,
        input_tokens: null,
        output_tokens: null,
        created_at: new Date(t).toISOString(),
      });
      context += content;
    };
    const reply = (content: string, ok: boolean) => {
      const latency = ok ? replyLatency(rng) : rng.int(15_000, 30_000);
      t += latency;
      messages.push({
        id: newId(),
        session_id: sessionId,
        role: 'ai',
        content,
        model,
        status: ok ? 'complete' : 'error',
        latency_ms: ok ? latency : null,
        input_tokens: estimateTokens(context),
        output_tokens: ok ? estimateTokens(content) : null,
        created_at: new Date(t).toISOString(),
      });
      if (ok) context += content;
    };
    let gaveUp = false;
    script.turns.forEach((turn, index) => {
      if (gaveUp) return;
      say(turn.user);
      if (index === 0 && plan.firstReplyFailed) {
        reply(FAILED_REPLY_TEXT, false);
        if (plan.gaveUp) {
          gaveUp = true;
          return;
        }
        t += rng.int(20, 90) * 1000;
        say(turn.user);
      }
      reply(turn.ai, true);
      t += rng.int(40, 240) * 1000;
    });
    const firstOk = messages.find((m) => m.role === 'ai' && m.status === 'complete');
    const last = messages[messages.length - 1];
    data.sessions.push({
      id: sessionId,
      user_id: user.id,
      title: script.title,
      model,
      prompt_id: usablePrompt?.row.id ?? null,
      message_count: messages.length,
      created_at: new Date(startMs).toISOString(),
      updated_at: last?.created_at ?? new Date(startMs).toISOString(),
    });
    data.messages.push(...messages);
    // A session takes its slot of the month when its first reply succeeds; a premium prompt used
    // by someone who neither wrote nor bought it takes one of its tries too.
    if (firstOk) {
      const entry = {
        session_id: sessionId,
        user_id: user.id,
        prompt_id: usablePrompt?.row.id ?? null,
        month: firstOk.created_at.slice(0, 7),
        created_at: firstOk.created_at,
      };
      data.allowanceEntries.push({ ...entry, kind: 'session' });
      const p = usablePrompt?.row;
      const bought = data.purchases.some((b) => b.prompt_id === p?.id && b.buyer_id === user.id);
      if (p && p.type === 'premium' && p.author_id !== user.id && !bought) {
        data.allowanceEntries.push({ ...entry, kind: 'try' });
      }
    }
    if (usablePrompt)
      triesPerPrompt.set(usablePrompt.row.id, (triesPerPrompt.get(usablePrompt.row.id) ?? 0) + 1);
  }

  // Counters never fall below the rows that stand behind them.
  const likesPerPrompt = countBy(data.likes.map((l) => l.prompt_id));
  const downloadsPerPrompt = countBy(data.downloads.map((d) => d.prompt_id));
  for (const p of prompts) {
    const r = p.row;
    r.likes_count = Math.max(r.likes_count ?? 0, likesPerPrompt.get(r.id) ?? 0);
    const sold = purchasesPerPrompt.get(r.id) ?? 0;
    r.downloads_count = Math.max(r.downloads_count ?? 0, (downloadsPerPrompt.get(r.id) ?? 0) + sold);
    r.tries_count = Math.max(r.tries_count ?? 0, triesPerPrompt.get(r.id) ?? 0);
    // Premium downloads are sales; revenue is what buyers paid in total.
    if (p.seed.priceMinor > 0) r.revenue_minor = (r.downloads_count ?? 0) * p.seed.priceMinor;
    if (r.status === 'published') {
      // Engagement per day since publishing, so the trending sort favours recent, active prompts.
      const days = Math.max(1, (now - publishedMs(p)) / DAY_MS);
      const engagement = (r.likes_count ?? 0) * 3 + (r.downloads_count ?? 0) * 2 + (r.tries_count ?? 0);
      r.trending_score = Math.round((engagement / Math.sqrt(days)) * (r.trending ? 3 : 1));
    }
    data.prompts.push(r);
  }

  // Activity of the last seven days derived from the rows above, so the feed and the tables agree.
  for (const u of users.values()) {
    if (ms(u.createdAt) >= recentWindowStart) {
      data.events.push(event('user.registered', u.createdAt, u.id, null, u.id, { name: u.person.name }));
    }
  }
  for (const p of published) {
    if (publishedMs(p) >= recentWindowStart) {
      data.events.push(
        event('prompt.published', p.row.published_at ?? p.row.created_at, p.authorId, p.row.id, null, {
          title: p.seed.title,
          category: p.seed.category,
        }),
      );
    }
  }
  const planSlugById = new Map([...plansBySlug].map(([slug, plan]) => [plan.id, slug]));
  for (const pay of data.payments) {
    if (!pay.paid_at || ms(pay.paid_at) < recentWindowStart) continue;
    data.events.push(
      event('payment.succeeded', pay.paid_at, pay.user_id, pay.prompt_id ?? null, pay.id, {
        kind: pay.kind,
        amountMinor: pay.amount_minor,
        currency: pay.currency,
        ...(pay.plan_id ? { plan: planSlugById.get(pay.plan_id), billing: pay.billing } : {}),
      }),
    );
  }
  data.events.sort((a, b) => a.created_at.localeCompare(b.created_at));

  // A person was last active no earlier than the last thing they did.
  const lastSeen = new Map<string, string>();
  const seen = (userId: string, at: string) => {
    const prev = lastSeen.get(userId);
    if (!prev || at > prev) lastSeen.set(userId, at);
  };
  for (const s of data.sessions) seen(s.user_id, s.updated_at);
  for (const e of data.events) if (e.actor_id) seen(e.actor_id, e.created_at);
  for (const row of data.users) {
    const at = lastSeen.get(row.id);
    if (at && (!row.last_active_at || at > row.last_active_at)) row.last_active_at = at;
  }

  return data;
}

function countBy(keys: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of keys) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}

function event(
  type: string,
  at: string,
  actorId: string | null,
  promptId: string | null,
  subjectId: string | null,
  payload: Record<string, unknown>,
): Insertable<ActivityEventsTable> {
  return {
    id: newId(),
    type,
    actor_id: actorId,
    prompt_id: promptId,
    subject_id: subjectId,
    data: JSON.stringify(payload),
    created_at: at,
  };
}
