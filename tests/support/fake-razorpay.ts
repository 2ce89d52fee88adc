import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake Razorpay API on loopback speaking the real REST shapes (https://razorpay.com/docs/api/):
 * POST /v1/orders, POST /v1/payments/:id/refund and Route's POST /v1/transfers (direct transfers,
 * with the X-Transfer-Idempotency header) and POST /v1/transfers/:id/reversals with basic auth,
 * error bodies as {error: {code, description}}. It also plays Checkout (a signed success for an
 * order) and signs webhooks (transfer events carry its transfer entity as it stands), so tests
 * exercise the app's real client, signature checks and webhook handler.
 */

export const FAKE_KEY_ID = 'rzp_test_fake0001';
export const FAKE_KEY_SECRET = 'fake-razorpay-key-secret-0123456789';
export const FAKE_WEBHOOK_SECRET = 'fake-razorpay-webhook-secret-987654';

export type NextBehaviour =
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'garbage' }
  /** The connection is dropped before any response headers. */
  | { kind: 'reset' }
  /** 200 and the start of the JSON body, then the connection drops. */
  | { kind: 'cut' }
  /** The call is carried out (the order exists, the refund is made), then the answer is lost. */
  | { kind: 'lost' };

export interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  recipient: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  idempotencyKey: string | null;
  /** Razorpay's transfer statuses: processed, failed, reversed, partially_reversed. */
  status: string;
  amountReversed: number;
  createdAt: number;
}

export interface FakeRazorpay {
  url: string;
  orders: FakeOrder[];
  refunds: { id: string; payment_id: string; amount: number }[];
  /** Route transfers made (one per idempotency key). */
  transfers: FakeTransfer[];
  /** Linked accounts that exist; a transfer to another is refused as Razorpay does. */
  accounts: Set<string>;
  /** What the next API call does instead of succeeding. */
  next: NextBehaviour | null;
  /** Razorpay's transfer entity for a transfer the fake made, as its API and webhooks show it. */
  transferEntity(id: string): Record<string, unknown>;
  /** Marks a transfer failed, as Razorpay does before it sends `transfer.failed`. */
  failTransfer(id: string): void;
  /** Checkout's success response for an order, signed with the key secret. */
  pay(
    orderId: string,
    secret?: string,
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A webhook request (body and headers) for an event, signed with the webhook secret. */
  webhook(
    event: string,
    entities: {
      payment?: Record<string, unknown>;
      order?: Record<string, unknown>;
      refund?: Record<string, unknown>;
      transfer?: Record<string, unknown>;
    },
    options?: { eventId?: string; secret?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(7).toString('hex')}`;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const fake: Omit<FakeRazorpay, 'url' | 'close'> = {
    orders: [],
    refunds: [],
    transfers: [],
    accounts: new Set<string>(),
    next: null,
    transferEntity(id) {
      const t = fake.transfers.find((x) => x.id === id);
      if (!t) throw new Error(`the fake made no transfer ${id}`);
      const failed = t.status === 'failed';
      return {
        id: t.id,
        entity: 'transfer',
        status: t.status,
        source: 'acc_fakeplatform001',
        recipient: t.recipient,
        amount: t.amount,
        currency: t.currency,
        amount_reversed: t.amountReversed,
        fees: 1,
        tax: 0,
        notes: Object.keys(t.notes).length > 0 ? t.notes : [],
        linked_account_notes: [],
        on_hold: false,
        on_hold_until: null,
        recipient_settlement_id: null,
        created_at: t.createdAt,
        processed_at: failed ? null : t.createdAt,
        error: {
          code: failed ? 'BAD_REQUEST_ERROR' : null,
          description: failed ? 'The linked account is not active' : null,
          reason: failed ? 'linked_account_inactive' : null,
          field: null,
          step: failed ? 'transfer_processing' : null,
          id: t.id,
          source: failed ? 'business' : null,
          metadata: null,
        },
      };
    },
    failTransfer(id) {
      const t = fake.transfers.find((x) => x.id === id);
      if (!t) throw new Error(`the fake made no transfer ${id}`);
      t.status = 'failed';
    },
    pay(orderId, secret = FAKE_KEY_SECRET) {
      const paymentId = rid('pay');
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: crypto
          .createHmac('sha256', secret)
          .update(`${orderId}|${paymentId}`)
          .digest('hex'),
      };
    },
    webhook(event, entities, options = {}) {
      const payload: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(entities)) payload[k] = { entity: v };
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: Object.keys(entities),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const signature = crypto
        .createHmac('sha256', options.secret ?? FAKE_WEBHOOK_SECRET)
        .update(body)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': options.eventId ?? rid('evt'),
        },
      };
    },
  };
  const expectedAuth = 'Basic ' + Buffer.from(`${FAKE_KEY_ID}:${FAKE_KEY_SECRET}`).toString('base64');

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const behaviour = fake.next;
      const send = (status: number, body: unknown) => {
        if (behaviour?.kind === 'lost') return void res.socket?.destroy();
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: string, description: string) =>
        send(status, {
          error: {
            code,
            description,
            source: 'business',
            step: 'payment_initiation',
            reason: 'input_validation_failed',
          },
        });
      if (req.headers.authorization !== expectedAuth)
        return error(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
      fake.next = null;
      if (behaviour?.kind === 'hang') return; // never answers; the client's timeout must end it
      if (behaviour?.kind === 'reset') return void res.socket?.destroy();
      if (behaviour?.kind === 'cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
        res.write('{"id":"order_');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      if (behaviour?.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>not json');
      }
      if (behaviour?.kind === 'status') {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        return res.end(
          behaviour.body ?? JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'Fake failure' } }),
        );
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(400, 'BAD_REQUEST_ERROR', 'The request body is not valid JSON');
      }
      if (req.method === 'POST' && req.url === '/v1/orders') {
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
          return error(400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
        }
        if (typeof body.receipt !== 'string' || body.receipt.length > 40) {
          return error(400, 'BAD_REQUEST_ERROR', 'receipt: the length must be no more than 40.');
        }
        const order: FakeOrder = {
          id: rid('order'),
          amount: body.amount,
          currency: String(body.currency),
          receipt: body.receipt,
          notes: (body.notes as Record<string, string>) ?? {},
        };
        fake.orders.push(order);
        return send(200, {
          ...order,
          entity: 'order',
          amount_paid: 0,
          amount_due: order.amount,
          status: 'created',
          attempts: 0,
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method === 'POST' && refund) {
        const paymentId = decodeURIComponent(refund[1]!);
        if (fake.refunds.some((r) => r.payment_id === paymentId)) {
          return error(400, 'BAD_REQUEST_ERROR', 'The payment has been fully refunded already');
        }
        const r = { id: rid('rfnd'), payment_id: paymentId, amount: Number(body.amount) };
        fake.refunds.push(r);
        return send(200, {
          ...r,
          entity: 'refund',
          currency: 'USD',
          status: 'processed',
          speed_processed: 'normal',
        });
      }
      if (req.method === 'POST' && req.url === '/v1/transfers') {
        const key = req.headers['x-transfer-idempotency'];
        const idempotencyKey = typeof key === 'string' ? key : null;
        if (idempotencyKey !== null && !/^[A-Za-z0-9_ -]{4,36}$/.test(idempotencyKey)) {
          return error(400, 'BAD_REQUEST_ERROR', 'The idempotency key is invalid');
        }
        if (typeof body.account !== 'string' || !fake.accounts.has(body.account)) {
          return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        }
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
          return error(400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
        }
        const earlier = idempotencyKey && fake.transfers.find((t) => t.idempotencyKey === idempotencyKey);
        if (earlier && (earlier.amount !== body.amount || earlier.recipient !== body.account)) {
          return error(400, 'BAD_REQUEST_ERROR', 'Different request body sent for the same idempotency key');
        }
        const t: FakeTransfer = earlier || {
          id: rid('trf'),
          recipient: body.account,
          amount: body.amount,
          currency: String(body.currency),
          notes: (body.notes as Record<string, string>) ?? {},
          idempotencyKey,
          status: 'processed',
          amountReversed: 0,
          createdAt: Math.floor(Date.now() / 1000),
        };
        if (!earlier) fake.transfers.push(t);
        return send(200, fake.transferEntity(t.id));
      }
      // https://razorpay.com/docs/api/payments/route/reverse-transfers/ : the amount defaults to all.
      const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(req.url ?? '');
      if (req.method === 'POST' && reversal) {
        const t = fake.transfers.find((x) => x.id === decodeURIComponent(reversal[1]!));
        if (!t) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
        const amount = body.amount === undefined ? t.amount - t.amountReversed : Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1 || amount > t.amount - t.amountReversed) {
          return error(400, 'BAD_REQUEST_ERROR', 'The reversal amount exceeds the amount left to reverse');
        }
        t.amountReversed += amount;
        t.status = t.amountReversed === t.amount ? 'reversed' : 'partially_reversed';
        return send(200, {
          id: rid('rvrsl'),
          entity: 'reversal',
          transfer_id: t.id,
          amount,
          fee: 0,
          tax: 0,
          currency: t.currency,
          notes: (body.notes as Record<string, string>) ?? [],
          initiator_id: 'fakeplatform001',
          customer_refund_id: null,
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      return error(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get next() {
      return fake.next;
    },
    set next(v) {
      fake.next = v;
    },
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } as FakeRazorpay;
}

/** Environment that points the app at the fake. */
export const razorpayEnv = (fake: { url: string }) => ({
  RAZORPAY_KEY_ID: FAKE_KEY_ID,
  RAZORPAY_KEY_SECRET: FAKE_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  RAZORPAY_API_BASE: fake.url,
});
