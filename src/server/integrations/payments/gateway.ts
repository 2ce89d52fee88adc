import crypto from 'node:crypto';
import type { PaymentsConfig } from '../../config';
import { paymentSignature } from './signature';

/*
 * The payment gateway behind checkout: Razorpay's Orders and Refunds APIs over HTTP when keys are
 * configured, or the built-in test gateway (clearly labelled in the UI) that signs payments exactly
 * as Razorpay does, so verification is the same code either way.
 */

export interface GatewayOrder {
  id: string;
}

export interface GatewayRefund {
  id: string;
}

export interface GatewayTransfer {
  id: string;
  status?: string;
}

/** A reversal of a Route transfer (Razorpay's reversal entity: how much this reversal took back). */
export interface GatewayReversal {
  id: string;
  amount: number;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly kind: 'razorpay' | 'test';
  createOrder(order: {
    amountMinor: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  refund(paymentId: string, amountMinor: number, notes: Record<string, string>): Promise<GatewayRefund>;
  /**
   * Moves money from the platform's balance to a creator (Razorpay Route's direct transfer). The
   * idempotency key makes a retry of the same transfer return the first one rather than pay twice.
   */
  transfer(t: {
    accountId: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<GatewayTransfer>;
  /** Takes `amountMinor` of a transfer back from the creator's account (Route's transfer reversal). */
  reverseTransfer(
    transferId: string,
    amountMinor: number,
    notes: Record<string, string>,
  ): Promise<GatewayReversal>;
}

/** Razorpay's REST API (https://razorpay.com/docs/api/): basic auth with the key id and secret. */
export function razorpayGateway(config: PaymentsConfig): PaymentGateway {
  const auth = 'Basic ' + Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64');

  async function call<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay ${path}: ${(err as Error).message}`, null, { cause: err });
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's HTML page or a cut body: reported below with the status.
    }
    if (!response.ok) {
      const description =
        (json as { error?: { description?: string } } | null)?.error?.description ?? text.slice(0, 200);
      throw new GatewayError(`Razorpay ${path} answered ${response.status}: ${description}`, response.status);
    }
    const id = (json as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id.length === 0) {
      throw new GatewayError(`Razorpay ${path} answered without an id`, response.status);
    }
    return json as T;
  }

  return {
    kind: 'razorpay',
    createOrder: (o) =>
      call<GatewayOrder>('/v1/orders', {
        amount: o.amountMinor,
        currency: o.currency,
        receipt: o.receipt,
        notes: o.notes,
      }),
    refund: (paymentId, amountMinor, notes) =>
      call<GatewayRefund>(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        amount: amountMinor,
        speed: 'normal',
        notes,
      }),
    // https://razorpay.com/docs/api/payments/route/direct-transfers-idempotent-request/
    transfer: (t) =>
      call<GatewayTransfer>(
        '/v1/transfers',
        { account: t.accountId, amount: t.amountMinor, currency: t.currency, notes: t.notes },
        { 'x-transfer-idempotency': t.idempotencyKey },
      ),
    // https://razorpay.com/docs/api/payments/route/reverse-transfers/
    reverseTransfer: (transferId, amountMinor, notes) =>
      call<GatewayReversal>(`/v1/transfers/${encodeURIComponent(transferId)}/reversals`, {
        amount: amountMinor,
        notes,
      }),
  };
}

const randomRef = () => crypto.randomBytes(10).toString('hex');

/** The offline default: orders, refunds and transfers are local; payments are signed like Razorpay's. */
export function testGateway(config: PaymentsConfig) {
  return {
    kind: 'test' as const,
    createOrder: async () => ({ id: `order_test_${randomRef()}` }),
    refund: async () => ({ id: `rfnd_test_${randomRef()}` }),
    /** No money moves: the demo's payouts are labelled as the test gateway's in the UI. */
    transfer: async () => ({ id: `trf_test_${randomRef()}`, status: 'processed' }),
    reverseTransfer: async (_transferId: string, amountMinor: number) => ({
      id: `rvrsl_test_${randomRef()}`,
      amount: amountMinor,
    }),
    /** What Razorpay Checkout hands the browser after a successful payment. */
    pay(orderId: string) {
      const paymentId = `pay_test_${randomRef()}`;
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(config.keySecret, orderId, paymentId),
      };
    },
  } satisfies PaymentGateway & { pay(orderId: string): unknown };
}

export type TestGateway = ReturnType<typeof testGateway>;

export function createGateway(config: PaymentsConfig): PaymentGateway | TestGateway | null {
  if (config.gateway === 'razorpay') return razorpayGateway(config);
  if (config.gateway === 'test') return testGateway(config);
  return null;
}
