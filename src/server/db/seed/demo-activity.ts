/** Review texts and playground conversations for the demo data set. */
import type { Model } from '../../../shared/constants';

/** Review bodies by star rating; demo.ts picks one matching the rating it draws. */
export const REVIEW_BODIES: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Saved me at least an hour on the first try. The step-by-step structure is what makes it work.',
    'Exactly what I needed. I filled in the placeholders and got something I could use with only light edits.',
    'I have tried a dozen prompts for this and this is the first one that asks the right questions before answering.',
    'Clear, thorough and the output format is spot on. Already shared it with my team.',
    'The rules section is gold. It stopped the model from giving me the usual generic filler.',
    'Works equally well with Claude and ChatGPT. Worth it.',
    'Used it three times this week. Consistent results every time.',
    'Felt like working with a senior colleague. The follow-up questions at the end are a nice touch.',
    'Turned a task I dreaded into a fifteen-minute job.',
    'Great prompt. The examples in brackets make it obvious what to fill in.',
  ],
  4: [
    'Very good. I had to add a line about our house style, but the structure is excellent.',
    'Solid prompt. The output is a bit long by default, so I ask it to be concise at the end.',
    'Does what it says. I would love a variant for shorter inputs.',
    'Useful and well organised. Took two tries to get the tone right for my audience.',
    'Good starting point that I now tweak for each project.',
    'Really helpful, though it works better when you give it more context than the template suggests.',
    'Nice balance between detail and flexibility. Minor edits needed.',
    'Better than what I was using before. Would be five stars with an example output.',
  ],
  3: [
    'Decent, but the result needed quite a bit of editing before I could use it.',
    'OK for a first draft. It sometimes ignores the length limit.',
    'Useful structure, but a little generic for my niche.',
    'Works, but the output needed more depth than I hoped for.',
  ],
  2: [
    'Too rigid for my use case. I ended up rewriting most of it.',
    'The idea is good but the output kept drifting off topic.',
  ],
  1: ['Did not work for me at all; the instructions conflict with each other in places.'],
};

export interface ConversationTurn {
  user: string;
  ai: string;
}

export interface ConversationScript {
  title: string;
  model: Model;
  /** Title of the demo prompt being tried, when the session started from one. */
  promptTitle?: string;
  turns: ConversationTurn[];
}

export const CONVERSATIONS: readonly ConversationScript[] = [
  {
    title: 'Action items from Monday planning',
    model: 'claude',
    promptTitle: 'Meeting Notes to Action Items',
    turns: [
      {
        user: `Notes from Monday planning: Sam said the onboarding emails go out next week if legal signs off. Priya will pull churn numbers by Thursday. We agreed to drop the referral banner test. Nobody owns the pricing page copy yet. Next sync Friday.`,
        ai: `**Summary:** The team confirmed the onboarding e-mail launch pending legal review, assigned the churn analysis, and ended the referral banner test. Pricing page copy still needs an owner.

**Decisions**
- Drop the referral banner test (team decision).

**Action items**
| Task | Owner | Due |
|---|---|---|
| Get legal sign-off on onboarding e-mails | Sam | before next week |
| Pull churn numbers | Priya | Thursday |
| Write pricing page copy | unassigned | no date |

**Open questions:** Who owns the pricing page copy? Raise at Friday's sync.`,
      },
      {
        user: 'Can you turn that into a short follow-up email?',
        ai: `Subject: Monday planning: decisions and next steps

Hi all,

Quick recap from Monday:
- We are dropping the referral banner test.
- Sam is getting legal sign-off so the onboarding e-mails can go out next week.
- Priya will share churn numbers by Thursday.

One open item: the pricing page copy needs an owner. If you can take it, reply here before Friday's sync.

Thanks!`,
      },
    ],
  },
  {
    title: 'Regex for order numbers',
    model: 'chatgpt',
    promptTitle: 'Regex Builder and Explainer',
    turns: [
      {
        user: 'JavaScript regex for order numbers like PF-2024-000123: "PF", a dash, a four-digit year, a dash, six digits. Should not match PF-24-000123 or PF-2024-12345.',
        ai: `\`^PF-\\d{4}-\\d{6}$\`

| Token | Matches |
|---|---|
| \`^PF-\` | the literal prefix at the start |
| \`\\d{4}\` | exactly four digits (the year) |
| \`-\\d{6}\` | a dash and exactly six digits |
| \`$\` | end of the string, so longer numbers fail |

Tests: PF-2024-000123 matches; PF-24-000123 and PF-2024-12345 do not. The pattern has no nested quantifiers, so it cannot backtrack catastrophically.`,
      },
    ],
  },
  {
    title: 'Why is my orders query slow?',
    model: 'claude',
    promptTitle: 'SQL Query Optimizer with EXPLAIN Walkthrough',
    turns: [
      {
        user: `PostgreSQL. SELECT * FROM orders WHERE lower(email) = 'ana@example.com' ORDER BY created_at DESC LIMIT 20; orders has 4M rows and an index on email. The plan shows a Seq Scan.`,
        ai: `The index on \`email\` cannot be used because the query filters on \`lower(email)\`, a different expression, so PostgreSQL scans all 4M rows and then sorts them.

Fix it with an expression index that also covers the sort:

\`\`\`sql
CREATE INDEX CONCURRENTLY orders_lower_email_created_idx
  ON orders (lower(email), created_at DESC);
\`\`\`

The planner can then jump straight to that customer's rows already in order and stop after 20. Expect milliseconds instead of seconds. Verify with \`EXPLAIN (ANALYZE, BUFFERS)\`: you should see an Index Scan and no Sort node. Also select only the columns you need instead of \`*\`.`,
      },
    ],
  },
  {
    title: 'Photosynthesis, step by step',
    model: 'claude',
    promptTitle: 'Socratic Tutor for Any Subject',
    turns: [
      {
        user: 'I am in grade 9 and I do not get why plants need light for photosynthesis.',
        ai: 'Good question to start with. Before I explain anything: what do you think a plant is trying to make during photosynthesis, and what does making something usually need?',
      },
      {
        user: 'It makes glucose? And making things needs energy I guess.',
        ai: 'Exactly, glucose, and yes, building it takes energy. So where could a plant sitting in a field get that energy from? Think about what is hitting its leaves all day.',
      },
    ],
  },
  {
    title: 'Cold email for a logistics SaaS',
    model: 'chatgpt',
    promptTitle: 'Cold Email Sequence for B2B SaaS',
    turns: [
      {
        user: 'Product: RouteWise helps regional delivery companies cut fuel costs by planning routes overnight. Target: operations directors at 50-500 person delivery firms. Trigger: they posted a job for a dispatcher.',
        ai: `**Day 1**
Subject options: dispatcher role / routes before 6am / fuel and dispatch

Hi [first_name],

Saw you are hiring a dispatcher: congratulations on the growth. Most ops teams we talk to hire for dispatch when route planning starts eating the morning.

RouteWise plans every route overnight, so drivers leave with the best sequence and dispatchers handle exceptions instead. Regional firms like [customer] cut fuel spend by 11% in their first quarter.

Worth a 15-minute look before the new hire starts?

[signature]

*(Days 3 to 14 follow the same pattern; reply "continue" for the rest of the sequence.)*`,
      },
    ],
  },
  {
    title: 'Explain cohort retention to my manager',
    model: 'perplexity',
    promptTitle: 'Cohort Retention Analysis Walkthrough',
    turns: [
      {
        user: 'How do I explain a cohort retention chart to a manager who has never seen one?',
        ai: `Try this: "Each row is a group of customers who signed up in the same month. Reading across shows what share of them were still active one month later, two months later, and so on."

Then point at two things only:
1. **Where the curve flattens.** That is the share of customers who stay for the long term.
2. **Whether newer rows sit higher than older ones.** If they do, recent product changes are working.

Skip the triangle's lower corner: the newest cohorts have not had time to show late retention yet.`,
      },
    ],
  },
  {
    title: 'Study plan for the AWS exam',
    model: 'claude',
    promptTitle: 'Study Plan for an Exam in N Weeks',
    turns: [
      {
        user: 'AWS Solutions Architect Associate in 5 weeks. 1 hour on weekdays, 3 hours on weekends. Weak on networking and IAM, fine on EC2 and S3.',
        ai: `**Priorities:** VPC networking and IAM first (heavy on the exam, low confidence), then databases and resilience, then a quick pass on EC2 and S3.

| Week | Focus | Weekend |
|---|---|---|
| 1 | VPC: subnets, routing, NAT, security groups vs NACLs | Build a two-tier VPC by hand |
| 2 | IAM: policies, roles, federation, SCPs | Practice questions on IAM only |
| 3 | RDS, DynamoDB, caching, high availability | Full practice exam 1 |
| 4 | Review weak areas from exam 1; EC2 and S3 refresh | Full practice exam 2 |
| 5 | Light review, flashcards | Rest the day before |

Each weekday: 40 minutes of practice questions, 20 minutes reviewing every wrong answer.`,
      },
    ],
  },
  {
    title: 'Landing page hero for a budgeting app',
    model: 'chatgpt',
    promptTitle: 'Landing Page Copy in the PAS Framework',
    turns: [
      {
        user: 'Budgeting app for freelancers with irregular income. Main pain: never knowing how much they can safely spend this month.',
        ai: `**Headline:** Know what you can spend, even when income doesn't show up on schedule

**Subheadline:** Steady turns lumpy freelance payments into a calm, predictable monthly budget.

**Button:** Find my safe-to-spend number

**Under the button:** Free for 14 days. No card needed.

**Problem:** One month you are flush, the next you are checking your balance before buying groceries...`,
      },
    ],
  },
  {
    title: 'Plain English for our refund policy',
    model: 'perplexity',
    promptTitle: 'Plain-English Rewriter for Jargon-Heavy Text',
    turns: [
      {
        user: 'Rewrite: "Refund requests shall be submitted within a period not exceeding thirty (30) calendar days subsequent to the date of purchase, whereupon eligibility shall be determined at the sole discretion of the Company."',
        ai: `You can ask for a refund up to 30 days after you buy. We will check your request and let you know if it qualifies.

Terms replaced: "shall be submitted" -> "you can ask"; "subsequent to the date of purchase" -> "after you buy"; "at the sole discretion of the Company" -> "we will check".

Worth checking with the author: does "30 days" include the purchase day, and what reasons make a request not qualify?`,
      },
    ],
  },
  {
    title: 'Toast for my sister',
    model: 'claude',
    promptTitle: 'Wedding Speech and Toast Writer',
    turns: [
      {
        user: 'Maid of honour for my sister Nora, marrying Ben. Together 6 years. They met when Ben returned her lost dog. Mostly funny, a bit sentimental.',
        ai: `Hi everyone, I'm Lily, Nora's little sister and, for today only, the responsible one.

Six years ago Nora lost her dog, Biscuit. She made forty posters. Ben found Biscuit in an hour. [pause] Biscuit has never looked at anyone else since, and to be honest, neither has Nora.

...`,
      },
    ],
  },
  {
    title: 'Job description for a support lead',
    model: 'chatgpt',
    promptTitle: 'Job Description Writer (Inclusive Language)',
    turns: [
      {
        user: 'Support team lead, remote in EU time zones, 55-65k EUR, manages 6 agents, must have led a team before.',
        ai: `**Support Team Lead (Remote, EU time zones)**

You will lead a team of six support specialists and make sure every customer gets a fast, kind and correct answer, while building the playbooks that let the team grow.

**What you will do**
- Coach and support six agents through weekly one-to-ones and ticket reviews
- Own response-time and satisfaction targets, and fix what blocks them
- Turn repeated questions into help articles and product feedback

**What you bring**
- Experience leading a support or service team
- Clear written English

**Salary:** 55,000 to 65,000 EUR. If you meet most but not all of this, we would still love to hear from you.`,
      },
    ],
  },
];

/** Which demo people held which conversations, and when (hours before seeding). */
export interface SessionPlan {
  user: string;
  conversation: number;
  hoursAgo: number;
  /** The first reply failed; the user then retried it unless `gaveUp`. */
  firstReplyFailed?: boolean;
  /** After the failed reply the user left: the session never counts against the allowance. */
  gaveUp?: boolean;
}

export const SESSION_PLANS: readonly SessionPlan[] = [
  { user: 'demo', conversation: 0, hoursAgo: 2 },
  { user: 'demo', conversation: 1, hoursAgo: 20 },
  { user: 'demo', conversation: 8, hoursAgo: 47 },
  { user: 'demo', conversation: 3, hoursAgo: 70, firstReplyFailed: true },
  { user: 'daniel', conversation: 2, hoursAgo: 5 },
  { user: 'lucas', conversation: 4, hoursAgo: 9 },
  { user: 'lucas', conversation: 7, hoursAgo: 30 },
  { user: 'priya', conversation: 5, hoursAgo: 26 },
  { user: 'marcus', conversation: 6, hoursAgo: 40 },
  { user: 'sofia', conversation: 3, hoursAgo: 52 },
  { user: 'chloe', conversation: 9, hoursAgo: 75 },
  { user: 'ravi', conversation: 10, hoursAgo: 96, firstReplyFailed: true, gaveUp: true },
  { user: 'jordan', conversation: 0, hoursAgo: 120 },
  { user: 'aisha', conversation: 6, hoursAgo: 3 },
  { user: 'grace', conversation: 8, hoursAgo: 140 },
];

export const FAILED_REPLY_TEXT = 'The model did not answer in time. Please try again.';
