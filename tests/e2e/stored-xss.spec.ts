import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './test';
import { DEMO_ADMIN } from './auth-helpers';

/*
 * Stored XSS, swept across the app (issue 10: "a stored XSS attempt in every text field is inert").
 * One data set is written through the real API: every text field a user or an admin can store
 * carries a payload (attribute-breaking quotes, <img onerror>, <svg onload>, <iframe srcdoc>,
 * <script>, javascript: links, and the same as Markdown in the playground, whose replies are
 * rendered as Markdown). Then every page that shows one of them is opened in the browser, and each
 * test asserts that
 *  - the field's text is on the page, literally (escaped, not parsed);
 *  - nothing ran: no dialog (payloads call alert), no Content-Security-Policy violation (an
 *    injected inline handler would be refused by the CSP, and the refusal is still a failure), no
 *    console error;
 *  - nothing was injected: no element carrying the payloads' data-xss marker, no javascript: link,
 *    no iframe.
 * To cover a new field: add it to FIELDS with how it is written (in seed()) and the pages that
 * show it; a new page goes in PAGES.
 */

const run = `${Date.now().toString(36)}${process.pid.toString(36)}`.toLowerCase();

/** The HTML attack every plain-text field carries; `label` makes each field's text unique. */
const attack = (label: string) =>
  `${label}-${run} "'><img data-xss src=x onerror=alert(1)><svg data-xss onload=alert(1)>`;

/**
 * Markdown and HTML for the playground: each is the first message of its own session, which the demo
 * model quotes into its Markdown reply, whole when it is at most 77 characters (checked in seed()).
 */
const CHAT_ATTACKS = [
  `md-${run} [click me](javascript:alert(1)) ![pic](javascript:alert(2))`,
  `q-${run} "'> [x](JaVaScRiPt:alert(1)) [y](vbscript:msgbox(1))`,
  `img-${run} <img data-xss src=x onerror=alert(1)>`,
  `svg-${run} <svg data-xss onload=alert(1)>`,
  `f-${run} <iframe data-xss srcdoc="<script>alert(1)</script>">`,
  `raw-${run} <script data-xss>alert(1)</script>`,
  `a-${run} <a data-xss href="javascript:alert(1)">a</a>`,
];

type Viewer = 'anonymous' | 'creator' | 'reviewer' | 'admin';
/** A key of PAGES. */
type PageKey = string;

/** Where a field shows: as text on the page, or as the value of a labelled input. */
type Shown = PageKey | { page: PageKey; input: string };

/** Every user-writable text field the app stores (src/shared's request schemas), what it holds, and where it is shown. */
const FIELDS = {
  // Accounts: RegisterSchema.name/email (sign-up), UpdateSettingsSchema.name (settings), CreateUserSchema.name (admin).
  creatorName: {
    text: attack('creator'),
    shownOn: [
      'marketplace',
      'promptPage',
      'creatorStudio',
      'userMenu',
      'adminUsers',
      'adminMarketplace',
      { page: 'settings', input: 'Full name' },
    ],
  },
  creatorEmail: {
    text: `x"'><svg/data-xss/onload=alert(1)>${run}@example.test`,
    shownOn: ['adminUsers', 'adminMarketplace', { page: 'settings', input: 'Email' }],
  },
  reviewerName: { text: attack('reviewer'), shownOn: ['promptPage'] },
  adminCreatedName: { text: attack('added'), shownOn: ['adminUsers', 'adminAudit'] },
  // Admin settings: ProfileUpdateSchema.name (the IP allow-list only takes addresses).
  adminProfileName: {
    text: attack('adminprofile'),
    shownOn: ['adminMenu', 'adminAudit', { page: 'adminSettings', input: 'Full name' }],
  },
  // Prompts: CreatePromptSchema (creator) / AdminPromptFormSchema (admin) title, description, content, tags.
  promptTitle: {
    text: attack('title'),
    shownOn: [
      'marketplace',
      'promptPage',
      'creatorPrompts',
      'adminMarketplace',
      'playground',
      'playgroundTry',
    ],
  },
  promptDescription: { text: attack('description'), shownOn: ['marketplace', 'promptPage'] },
  promptContent: {
    text: `content-${run} <script data-xss>alert(1)</script> <iframe data-xss srcdoc="<script>parent.alert(1)</script>"></iframe> [x](javascript:alert(1))`,
    shownOn: ['promptPage'],
  },
  // A {{variable}} name inside the content: the prompt page highlights it, the playground asks for it.
  promptVariable: {
    text: `<img data-xss src=x onerror=alert(${run.length})>`,
    shownOn: ['promptPage', 'playgroundTry'],
  },
  // Tags are lower-cased, at most 30 characters each.
  promptTag: { text: `<svg data-xss onload=alert(1)>`, shownOn: ['marketplace', 'promptPage'] },
  // AdminPromptStatusSchema.notes: the creator sees why a prompt was rejected.
  moderationNote: { text: attack('note'), shownOn: ['creatorPrompts'] },
  // CreateReviewSchema.body.
  reviewBody: { text: attack('review'), shownOn: ['promptPage'] },
  // ContactRequestSchema: name, company, message (the e-mail must be a real address).
  contactName: { text: attack('contact'), shownOn: ['adminMessages'] },
  contactCompany: { text: attack('company'), shownOn: ['adminMessages'] },
  contactMessage: { text: attack('message'), shownOn: ['adminMessages'] },
  // AdminPlanCreateSchema: name (at most 60), description, features, limitations.
  planName: {
    text: `plan-${run} '><svg data-xss onload=alert(1)>`,
    shownOn: ['pricing', 'adminPlans', 'adminAudit', 'playground', 'reviewerStudio'],
  },
  planDescription: { text: attack('plandesc'), shownOn: ['pricing', 'adminPlans'] },
  planFeature: { text: attack('feature'), shownOn: ['pricing', 'adminPlans'] },
  planLimitation: { text: attack('limitation'), shownOn: ['adminPlans'] },
  // ChatRequestSchema.message: the user's bubble (the demo model's Markdown reply quotes it).
  ...Object.fromEntries(CHAT_ATTACKS.map((text, i) => [`chatMessage${i}`, { text, shownOn: [`chat${i}`] }])),
} satisfies Record<string, { text: string; shownOn: Shown[] }>;

interface Seed {
  creatorToken: string;
  reviewerToken: string;
  adminToken: string;
  adminEmail: string;
  promptId: string;
  /** One per CHAT_ATTACKS entry, in order. */
  sessionIds: string[];
  trySessionId: string;
}

interface PageDef {
  viewer: Viewer;
  path: (seed: Seed) => string;
  /** Steps after loading (open a menu, fill a filter). */
  prepare?: (page: Page, seed: Seed) => Promise<void>;
}

const PAGES: Record<PageKey, PageDef> = {
  home: { viewer: 'anonymous', path: () => '/' },
  marketplace: { viewer: 'anonymous', path: () => `/marketplace?search=${run}` },
  promptPage: { viewer: 'anonymous', path: (s) => `/marketplace/${s.promptId}` },
  pricing: { viewer: 'anonymous', path: () => '/pricing' },
  creatorStudio: { viewer: 'creator', path: () => '/dashboard' },
  creatorPrompts: { viewer: 'creator', path: () => '/dashboard?tab=prompts' },
  creatorAnalytics: { viewer: 'creator', path: () => '/dashboard?tab=analytics' },
  settings: { viewer: 'creator', path: () => '/settings' },
  userMenu: {
    viewer: 'creator',
    path: () => '/marketplace',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Account menu for / }).click();
    },
  },
  // The session that tried the payload prompt: its title, and the payload plan on the plan card.
  playground: { viewer: 'reviewer', path: (s) => `/playground?session=${s.trySessionId}` },
  ...Object.fromEntries(
    CHAT_ATTACKS.map((_, i) => [
      `chat${i}`,
      {
        viewer: 'reviewer',
        path: (s: Seed) => `/playground?session=${s.sessionIds[i]}`,
        prepare: async (page: Page) => {
          // The reply, rendered as Markdown, is on screen before the checks run.
          await expect(page.locator('[data-testid="message"][data-role="ai"]').first()).toContainText(
            'Offline demo model',
            { timeout: 15_000 },
          );
        },
      } satisfies PageDef,
    ]),
  ),
  playgroundTry: { viewer: 'reviewer', path: (s) => `/playground?prompt=${s.promptId}` },
  reviewerStudio: { viewer: 'reviewer', path: () => '/dashboard' },
  adminDashboard: { viewer: 'admin', path: () => '/admin/dashboard' },
  adminUsers: { viewer: 'admin', path: () => `/admin/users?search=${run}` },
  adminMarketplace: { viewer: 'admin', path: () => `/admin/marketplace?search=${run}` },
  adminPlans: { viewer: 'admin', path: () => '/admin/plans' },
  adminAudit: {
    viewer: 'admin',
    path: () => '/admin/audit',
    prepare: async (page, s) => {
      await page.getByLabel('Filter by admin e-mail').fill(s.adminEmail);
    },
  },
  adminMessages: { viewer: 'admin', path: () => '/admin/messages' },
  adminSettings: { viewer: 'admin', path: () => '/admin/settings' },
  adminMenu: {
    viewer: 'admin',
    path: () => '/admin/dashboard',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Admin menu for / }).click();
    },
  },
};

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  const body = await response.text();
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${body}`).toBe(true);
  return JSON.parse(body).data;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Writes every payload through the API, as the browser would. */
async function seed(api: APIRequestContext): Promise<Seed> {
  const password = `Forge-${run}-pw`;

  // The creator: payload name and e-mail at sign-up.
  const creatorEmail = FIELDS.creatorEmail.text;
  await ok(
    await api.post('/api/auth/register', {
      data: { name: FIELDS.creatorName.text, email: creatorEmail, password },
    }),
  );
  const creatorToken = (
    await ok(await api.post('/api/auth/login', { data: { email: creatorEmail, password } }))
  ).token;

  // The reviewer signs up plainly, then renames itself in settings.
  const reviewerEmail = `reviewer-${run}@example.test`;
  const reviewerToken = (
    await ok(
      await api.post('/api/auth/register', { data: { name: 'Plain Name', email: reviewerEmail, password } }),
    )
  ).token;
  await ok(
    await api.put('/api/user/settings', {
      headers: bearer(reviewerToken),
      data: { name: FIELDS.reviewerName.text },
    }),
  );

  // An admin made by the demo admin, who renames itself in Admin Settings.
  const demoAdmin = (await ok(await api.post('/api/auth/admin/login', { data: DEMO_ADMIN }))).token;
  const adminEmail = `admin-${run}@example.test`;
  const created = await ok(
    await api.post('/api/admin/users', {
      headers: bearer(demoAdmin),
      data: { name: `Admin ${run}`, email: adminEmail, role: 'admin', delivery: 'password' },
    }),
  );
  const adminToken = (
    await ok(
      await api.post('/api/auth/admin/login', { data: { email: adminEmail, password: created.password } }),
    )
  ).token;
  await ok(
    await api.put('/api/admin/settings', {
      headers: bearer(adminToken),
      data: { profile: { name: FIELDS.adminProfileName.text, email: adminEmail } },
    }),
  );

  // A user the new admin adds from the Users page.
  await ok(
    await api.post('/api/admin/users', {
      headers: bearer(adminToken),
      data: { name: FIELDS.adminCreatedName.text, email: `added-${run}@example.test`, delivery: 'password' },
    }),
  );

  // The creator's prompts: one published with payloads everywhere, one the admin rejects with a note.
  const content = `${FIELDS.promptContent.text} {{${FIELDS.promptVariable.text}}}`;
  const prompt = await ok(
    await api.post('/api/user/prompts', {
      headers: bearer(creatorToken),
      data: {
        title: FIELDS.promptTitle.text,
        description: FIELDS.promptDescription.text,
        content,
        category: 'writing',
        tags: [FIELDS.promptTag.text, `xss${run}`],
        status: 'published',
      },
    }),
  );
  const promptId: string = prompt.prompt?.id ?? prompt.id;
  const rejected = await ok(
    await api.post('/api/user/prompts', {
      headers: bearer(creatorToken),
      data: {
        title: `rejected-${run}`,
        description: 'A prompt an admin turns down, with a note.',
        content: 'Write something the moderators will not like.',
        category: 'writing',
        status: 'published',
      },
    }),
  );
  await ok(
    await api.put(`/api/admin/prompts/${rejected.prompt?.id ?? rejected.id}/status`, {
      headers: bearer(adminToken),
      data: { status: 'rejected', notes: FIELDS.moderationNote.text },
    }),
  );

  // A plan with payloads, which the reviewer buys through the test gateway (and so sees its name).
  const plan = (
    await ok(
      await api.post('/api/admin/plans', {
        headers: bearer(adminToken),
        data: {
          name: FIELDS.planName.text,
          description: FIELDS.planDescription.text,
          price: { monthly: 3 },
          features: [{ name: FIELDS.planFeature.text, included: true }],
          limitations: [FIELDS.planLimitation.text],
          metadata: { order: 99 },
          limits: { playgroundSessions: -1 },
          isActive: true,
          isVisible: true,
        },
      }),
    )
  ).plan;
  const order = await ok(
    await api.post('/api/payments/create-order', {
      headers: bearer(reviewerToken),
      data: { planId: plan.id },
    }),
  );
  const signed = await ok(
    await api.post('/api/payments/test-gateway/pay', {
      headers: bearer(reviewerToken),
      data: { orderId: order.orderId, outcome: 'succeed' },
    }),
  );
  await ok(await api.post('/api/payments/verify', { headers: bearer(reviewerToken), data: signed }));

  // The reviewer tries the prompt (which lets them review it), then one session per chat payload.
  const sessionIds: string[] = [];
  const chat = async (message: string, promptId?: string) => {
    const reply = await ok(
      await api.post('/api/playground/chat', {
        headers: bearer(reviewerToken),
        data: { model: 'claude', message, ...(promptId ? { promptId } : {}) },
      }),
    );
    sessionIds.push(reply.sessionId);
  };
  await chat(`try-${run} with a payload prompt`, promptId);
  const trySessionId = sessionIds.shift()!;
  for (const message of CHAT_ATTACKS) {
    expect(message.length, 'the demo model quotes at most 77 characters').toBeLessThanOrEqual(77);
    await chat(message);
  }
  await ok(
    await api.post(`/api/marketplace/prompts/${promptId}/reviews`, {
      headers: bearer(reviewerToken),
      data: { rating: 4, body: FIELDS.reviewBody.text },
    }),
  );

  await ok(
    await api.post('/api/contact', {
      data: {
        name: FIELDS.contactName.text,
        email: `contact-${run}@example.test`,
        company: FIELDS.contactCompany.text,
        message: FIELDS.contactMessage.text,
      },
    }),
  );

  return { creatorToken, reviewerToken, adminToken, adminEmail, promptId, sessionIds, trySessionId };
}

/** Records what a payload would do if it ran: dialogs, CSP refusals, console errors, page errors. */
function watch(page: Page) {
  const incidents: string[] = [];
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') incidents.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => incidents.push(`page error: ${error.message}`));
  return incidents;
}

/** Nothing from a payload is in the DOM as markup, and nothing ran. */
async function assertInert(page: Page) {
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xssIncidents?: string[] };
    const injected = [
      ...document.querySelectorAll(
        '[data-xss], iframe, a[href^="javascript:" i], [onerror], [onload], [onmouseover]',
      ),
    ].map((el) => el.outerHTML.slice(0, 200));
    return [...(w.__xssIncidents ?? []), ...injected];
  });
  expect(found, 'injected markup or CSP violations').toEqual([]);
}

test.describe('stored XSS in every text field', () => {
  // One data set for the whole sweep: these tests run in order in one worker.
  test.describe.configure({ mode: 'default' });
  let data: Seed;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    const api = await playwrightRequest.newContext({ baseURL });
    try {
      data = await seed(api);
    } finally {
      await api.dispose();
    }
  });

  for (const [key, def] of Object.entries(PAGES) as [PageKey, PageDef][]) {
    const fields = Object.entries(FIELDS).flatMap(([name, field]) =>
      field.shownOn
        .filter((s: Shown) => (typeof s === 'string' ? s : s.page) === key)
        .map((s: Shown) => ({ name, text: field.text, input: typeof s === 'string' ? null : s.input })),
    );

    test(`${key}: ${fields.map((f) => f.name).join(', ') || 'no stored field expected'} shown as text, nothing runs`, async ({
      page,
    }) => {
      const incidents = watch(page);
      await page.addInitScript(
        ({ viewer, seed }) => {
          const w = window as unknown as { __xssIncidents: string[] };
          w.__xssIncidents = [];
          document.addEventListener(
            'securitypolicyviolation',
            (e) => {
              // zod probes once whether eval is allowed (new Function('') in a try); no payload uses eval.
              if (e.blockedURI === 'eval') return;
              w.__xssIncidents.push(`CSP ${e.violatedDirective}: ${e.sample || e.blockedURI}`);
            },
            true,
          );
          if (viewer === 'admin') {
            localStorage.setItem('adminToken', seed.adminToken);
            localStorage.setItem('role', 'admin');
          } else if (viewer !== 'anonymous') {
            localStorage.setItem('authToken', viewer === 'creator' ? seed.creatorToken : seed.reviewerToken);
            localStorage.setItem('role', 'user');
          }
        },
        { viewer: def.viewer, seed: data },
      );
      await page.goto(def.path(data));
      await def.prepare?.(page, data);

      // The first check also waits for the page's data; the machine running the suite may be busy.
      const timeout = 15_000;
      for (const field of fields) {
        if (field.input) {
          await expect(page.getByLabel(field.input, { exact: true }).first(), field.name).toHaveValue(
            field.text,
            {
              timeout,
            },
          );
        } else {
          await expect(page.locator('body'), field.name).toContainText(field.text, { timeout });
        }
      }
      if (fields.length === 0) await page.waitForLoadState('networkidle');
      await assertInert(page);
      expect(incidents).toEqual([]);
    });
  }
});
