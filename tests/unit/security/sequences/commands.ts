import crypto from 'node:crypto';
import fc from 'fast-check';
import { CATEGORIES } from '../../../../src/shared/constants';
import { checkInvariants } from './invariants';
import { ACTORS, type ActorKey, type World, call, mayRead, pick } from './world';

/*
 * The actions of the generated sequences: what creators, buyers, a Free user and the admin can do
 * to prompts, orders, payments and playground sessions, with any field set to any value. Each runs
 * through the HTTP API, then every invariant is checked on the state it left.
 */

type Act = (w: World) => Promise<void>;

class Step implements fc.AsyncCommand<World, World> {
  constructor(
    private readonly label: string,
    private readonly act: Act,
  ) {}
  check() {
    return true;
  }
  async run(w: World) {
    w.log.push(this.label);
    await this.act(w);
    await checkInvariants(w);
  }
  toString() {
    return this.label;
  }
}

const creator = fc.constantFrom<ActorKey>('creatorA', 'creatorB');
const anyActor = fc.constantFrom<ActorKey>(...ACTORS);
const buyer = fc.constantFrom<ActorKey>('buyerA', 'buyerB', 'free', 'creatorB');
const index = fc.nat(50);

/** Prices as people and scripts send them: good ones, and every kind of wrong. */
const price = fc.oneof(
  fc.constantFrom(0, 0.001, -50, 0.99, 4.99, 19, 999.99, 1000, 12.345, 1e9, 1e300, '7.50'),
  fc.double({ min: -10, max: 2000, noNaN: true }),
);

const fieldValues = {
  title: fc.constantFrom('Cold Email Sequence', 'ab', 'Lesson Plan Builder'),
  description: fc.constantFrom('Writes a friendly cold e-mail sequence.', 'short'),
  category: fc.constantFrom(...CATEGORIES, 'nonsense'),
  isPaid: fc.boolean(),
  price,
  tags: fc.constantFrom('email, sales', ''),
};
/** An edit sends any of the fields; a new prompt always says whether it is paid, and its price. */
const promptFields = fc.record(fieldValues, { requiredKeys: [] });
const newPromptFields = fc.record(fieldValues, { requiredKeys: ['isPaid', 'price'] });

function newPromptText() {
  const secret = `hidden${crypto.randomBytes(8).toString('hex')}`;
  return {
    secret,
    content: `Follow the recipe ${secret} step by step, then write about {{topic}} for the reader.`,
  };
}

const createPrompt = fc.record({ who: creator, fields: newPromptFields, draft: fc.boolean() }).map(
  ({ who, fields, draft }) =>
    new Step(`${who} creates ${JSON.stringify(fields)}${draft ? ' as a draft' : ''}`, async (w) => {
      const { secret, content } = newPromptText();
      const res = await call(w, who, 'POST', '/api/user/prompts', {
        title: 'Cold Email Sequence',
        description: 'Writes a friendly cold e-mail sequence.',
        category: 'writing',
        ...fields,
        content,
        status: draft ? 'draft' : 'published',
      });
      if (res.statusCode === 201)
        w.prompts.push({ id: res.json().data.prompt.id, author: who, secret, content });
    }),
);

const editPrompt = fc.record({ who: anyActor, p: index, fields: promptFields, newText: fc.boolean() }).map(
  ({ who, p, fields, newText }) =>
    new Step(
      `${who} edits prompt #${p} with ${JSON.stringify(fields)}${newText ? ' and new text' : ''}`,
      async (w) => {
        const prompt = pick(w.prompts, p);
        if (!prompt) return;
        const text = newText ? newPromptText() : null;
        const res = await call(w, who, 'PUT', `/api/user/prompts/${prompt.id}`, {
          ...fields,
          ...(text ? { content: text.content } : {}),
        });
        if (res.statusCode === 200 && text) Object.assign(prompt, text);
      },
    ),
);

const lifecycle = fc
  .record({ who: anyActor, p: index, action: fc.constantFrom('publish', 'unpublish', 'delete') })
  .map(
    ({ who, p, action }) =>
      new Step(`${who} ${action}es prompt #${p}`, async (w) => {
        const prompt = pick(w.prompts, p);
        if (!prompt) return;
        if (action === 'delete') await call(w, who, 'DELETE', `/api/user/prompts/${prompt.id}`);
        else await call(w, who, 'POST', `/api/user/prompts/${prompt.id}/${action}`);
      }),
  );

const moderate = fc
  .record({
    p: index,
    status: fc.constantFrom('draft', 'published', 'archived', 'rejected'),
    form: fc.option(fc.record({ type: fc.constantFrom('free', 'premium'), price }), { nil: undefined }),
  })
  .map(
    ({ p, status, form }) =>
      new Step(
        `admin sets prompt #${p} to ${status}${form ? ` with ${JSON.stringify(form)}` : ''}`,
        async (w) => {
          const prompt = pick(w.prompts, p);
          if (!prompt) return;
          if (!form)
            return void (await call(w, 'admin', 'PUT', `/api/admin/prompts/${prompt.id}/status`, { status }));
          await call(w, 'admin', 'PUT', `/api/admin/prompts/${prompt.id}`, {
            title: 'Cold Email Sequence',
            description: 'Writes a friendly cold e-mail sequence.',
            content: prompt.content,
            category: 'writing',
            status,
            ...form,
          });
        },
      ),
  );

const order = fc.record({ who: buyer, p: index }).map(
  ({ who, p }) =>
    new Step(`${who} orders prompt #${p}`, async (w) => {
      const prompt = pick(w.prompts, p);
      if (!prompt) return;
      const res = await call(w, who, 'POST', '/api/payments/create-order', { promptId: prompt.id });
      if (res.statusCode === 200) {
        const data = res.json().data;
        w.orders.push({ orderId: data.orderId, paymentId: data.paymentId, buyer: who });
      }
    }),
);

/** Checkout, then what reaches the server: the browser's verify, a replay, or Razorpay's webhook. */
const pay = fc
  .record({ o: index, how: fc.constantFrom('verify', 'verify twice', 'webhook captured', 'webhook failed') })
  .map(
    ({ o, how }) =>
      new Step(`order #${o} is paid, then ${how}`, async (w) => {
        const ord = pick(w.orders, o);
        if (!ord) return;
        ord.paid ??= w.razorpay.pay(ord.orderId);
        if (how.startsWith('verify')) {
          await call(w, ord.buyer, 'POST', '/api/payments/verify', ord.paid);
          if (how === 'verify twice') await call(w, ord.buyer, 'POST', '/api/payments/verify', ord.paid);
          return;
        }
        const stored = await w.h.t.database.db
          .selectFrom('payments')
          .select(['amount_minor'])
          .where('id', '=', ord.paymentId)
          .executeTakeFirstOrThrow();
        const event = w.razorpay.webhook(how === 'webhook captured' ? 'payment.captured' : 'payment.failed', {
          payment: {
            id: ord.paid.razorpay_payment_id,
            entity: 'payment',
            order_id: ord.orderId,
            amount: stored.amount_minor,
            currency: 'USD',
            status: how === 'webhook captured' ? 'captured' : 'failed',
          },
        });
        const res = await w.h.t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          payload: event.body,
          headers: event.headers,
        });
        if (res.statusCode >= 500) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
      }),
  );

/** Razorpay answers its next call (an order or a refund) with a server error. */
const gatewayFault = fc.constant(
  new Step('the payment gateway fails its next call', async (w) => {
    w.razorpay.next = { kind: 'status', status: 503 };
  }),
);

const refund = index.map(
  (o) =>
    new Step(`admin refunds order #${o}`, async (w) => {
      const ord = pick(w.orders, o);
      if (ord)
        await call(w, 'admin', 'POST', `/api/admin/payments/${ord.paymentId}/refund`, { reason: 'fuzz' });
    }),
);

/**
 * A chat turn: a new conversation, a try of a prompt, or the next message of one of the actor's
 * sessions. The fake model repeats its instructions and the message, as a leaky model would; with
 * `guess` the message quotes the prompt's hidden text (an attacker testing a guess).
 */
const chat = fc
  .record({ who: anyActor, target: fc.constantFrom('new', 'try', 'continue'), n: index, guess: fc.boolean() })
  .map(
    ({ who, target, n, guess }) =>
      new Step(`${who} chats (${target} #${n}${guess ? ', quoting hidden text' : ''})`, async (w) => {
        const mine = w.sessions.filter((s) => s.owner === who);
        const session = target === 'continue' ? pick(mine, n) : undefined;
        const prompt = (target === 'try' ? pick(w.prompts, n) : session?.prompt) ?? null;
        if ((target === 'continue' && !session) || (target === 'try' && !prompt)) return;
        const quoted = guess ? pick(w.prompts, n) : undefined;
        const message = quoted ? `Repeat after me: ${quoted.content}` : 'Hello there, how are you today?';
        if (quoted) w.actors[who].typed.add(quoted.secret);
        const isTry = target === 'try' && prompt !== null && !(await mayRead(w, who, prompt));
        w.h.fake.setFallback({
          kind: 'reply',
          text: `${prompt ? prompt.content : 'Sure.'} You said: ${message}`,
        });
        const res = await call(w, who, 'POST', '/api/playground/chat', {
          message,
          model: 'claude',
          ...(session ? { sessionId: session.id } : {}),
          ...(target === 'try' && prompt ? { promptId: prompt.id, variables: { topic: 'tea' } } : {}),
        });
        if (res.statusCode !== 200 || session) return;
        w.sessions.push({ id: res.json().data.sessionId, owner: who, prompt });
        if (isTry) w.tries.set(`${who} ${prompt!.id}`, (w.tries.get(`${who} ${prompt!.id}`) ?? 0) + 1);
      }),
  );

/**
 * A compare of a prompt's try on two or three models (issue 55): each column a session of its own
 * that takes a try when its reply succeeds. The fake model recites the prompt in every column.
 */
const compareTry = fc.record({ who: anyActor, n: index, columns: fc.integer({ min: 2, max: 3 }) }).map(
  ({ who, n, columns }) =>
    new Step(`${who} compares a try of prompt #${n} on ${columns} models`, async (w) => {
      const prompt = pick(w.prompts, n);
      if (!prompt) return;
      const isTry = !(await mayRead(w, who, prompt));
      w.h.fake.setFallback({ kind: 'reply', text: `${prompt.content} As you asked.` });
      const res = await call(w, who, 'POST', '/api/playground/compare', {
        message: 'Hello there, how are you today?',
        columns: ['claude', 'chatgpt', 'perplexity'].slice(0, columns).map((model) => ({ model })),
        promptId: prompt.id,
        variables: { topic: 'tea' },
      });
      if (res.statusCode !== 200) return;
      const answered = (res.json().data.columns as { sessionId: string | null; reply: unknown }[]).filter(
        (c) => c.sessionId && c.reply,
      );
      for (const c of answered) w.sessions.push({ id: c.sessionId!, owner: who, prompt });
      const key = `${who} ${prompt.id}`;
      if (isTry) w.tries.set(key, (w.tries.get(key) ?? 0) + answered.length);
    }),
);

const deleteSession = fc.record({ who: anyActor, n: index }).map(
  ({ who, n }) =>
    new Step(`${who} deletes session #${n}`, async (w) => {
      const session = pick(w.sessions, n);
      if (session) await call(w, who, 'DELETE', `/api/playground/sessions/${session.id}`);
    }),
);

const read = fc
  .record({
    who: fc.constantFrom<ActorKey | 'anonymous'>(...ACTORS, 'anonymous'),
    p: index,
    what: fc.constantFrom('page', 'try', 'download', 'review'),
  })
  .map(
    ({ who, p, what }) =>
      new Step(`${who} ${what}s prompt #${p}`, async (w) => {
        const prompt = pick(w.prompts, p);
        if (!prompt) return;
        if (what === 'page') await call(w, who, 'GET', `/api/marketplace/prompts/${prompt.id}`);
        else if (what === 'try') await call(w, who, 'GET', `/api/playground/prompts/${prompt.id}`);
        else if (what === 'download')
          await call(w, who, 'POST', `/api/marketplace/prompts/${prompt.id}/download`);
        else
          await call(w, who, 'POST', `/api/marketplace/prompts/${prompt.id}/reviews`, {
            rating: 4,
            body: 'Works well.',
          });
      }),
  );

export const commands = fc.commands(
  [
    createPrompt,
    createPrompt,
    editPrompt,
    editPrompt,
    lifecycle,
    moderate,
    order,
    order,
    pay,
    pay,
    refund,
    gatewayFault,
    chat,
    chat,
    chat,
    compareTry,
    deleteSession,
    read,
  ],
  { maxCommands: 30, size: 'max' },
);
