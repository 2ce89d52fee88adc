import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPaymentListSchema,
  AdminPaymentsQuerySchema,
  BillingOverviewSchema,
  CheckoutOrderSchema,
  CreateOrderSchema,
  PaymentHistorySchema,
  PaymentIdParamsSchema,
  PlanListSchema,
  PurchasedPromptListSchema,
  RefundResultSchema,
  RefundSchema,
  TestGatewayPaySchema,
  TestGatewayResultSchema,
  VerifyPaymentSchema,
  VerifyResultSchema,
  PAYMENT_MESSAGES,
} from '../../../shared/billing';
import { successEnvelope } from '../../../shared/envelope';
import type { BillingService } from './service';

const bearer = [{ bearerAuth: [] }];
// Checkout calls cost a gateway round trip: a person needs a handful a minute, a script many more.
const checkoutLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    // Per signed-in caller (these routes require a token); per address when none is sent.
    keyGenerator: (request: FastifyRequest) =>
      `pay:${crypto
        .createHash('sha256')
        .update(request.headers.authorization ?? request.ip)
        .digest('base64url')}`,
  },
};

type Opts = { billing: BillingService; note: string };
const tags = ['payments'];

/** Razorpay's webhook: called by Razorpay, not a signed-in user, and verified over its raw bytes. */
const webhookRoute: FastifyPluginAsyncZod<Opts> = async (app, { billing, note }) => {
  // Its own context (registered, not wrapped by fastify-plugin): the raw body parser stays here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhook',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: `Razorpay webhook: X-Razorpay-Signature over the raw body${note}`,
        response: {
          200: successEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) })),
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      return {
        success: true as const,
        data: await billing.webhook(body, header('x-razorpay-signature'), header('x-razorpay-event-id')),
      };
    },
  );
};

/** The plan, the trial, and cancel or resume. */
const subscriptionRoutes: FastifyPluginAsyncZod<Opts> = async (app, { billing, note }) => {
  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: `Your plan, subscription and trial${note}`,
        security: bearer,
        response: { 200: successEnvelope(BillingOverviewSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.overview(request.auth!) }),
  );

  app.post(
    '/trial',
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: `Start the 14-day Premium trial (once per account, no card)${note}`,
        security: bearer,
        response: { 200: successEnvelope(BillingOverviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await billing.startTrial(request.auth!),
      message: 'Your free trial has started.',
    }),
  );

  // Nothing renews by itself (a plan is paid a period at a time): both answers say until when the
  // plan runs. Cancel only records that the user will not pay again (decision 042).
  for (const [action, run, summary] of [
    [
      'cancel',
      billing.cancel,
      'Record that you will not pay for another period: the plan stays until it ends',
    ],
    ['resume', billing.resume, 'Undo a cancellation before the period ends'],
  ] as const) {
    app.post(
      `/subscription/${action}`,
      {
        schema: {
          tags,
          summary: summary + note,
          security: bearer,
          response: { 200: successEnvelope(BillingOverviewSchema) },
        },
      },
      async (request) => {
        const overview = await run(request.auth!);
        return { success: true as const, data: overview, message: PAYMENT_MESSAGES.activeUntil(overview) };
      },
    );
  }
};

/** Checkout: an order, the test gateway's dialog, and the browser's verify. */
const checkoutRoutes: FastifyPluginAsyncZod<Opts> = async (app, { billing, note }) => {
  app.post(
    '/create-order',
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: `Start a checkout for a plan ({planId, billing}) or a premium prompt ({promptId})${note}`,
        description: 'The amount is always taken from the database; an amount sent by the client is ignored.',
        security: bearer,
        body: CreateOrderSchema,
        response: { 200: successEnvelope(CheckoutOrderSchema) },
      },
    },
    async (request) => {
      const order = await billing.createOrder(request.auth!, request.body);
      return {
        success: true as const,
        data: order,
        message: order.resumed ? PAYMENT_MESSAGES.orderResumed : 'Order created',
      };
    },
  );

  app.post(
    '/verify',
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: `Confirm a payment with Razorpay Checkout's signed response${note}`,
        security: bearer,
        body: VerifyPaymentSchema,
        response: { 200: successEnvelope(VerifyResultSchema) },
      },
    },
    async (request) => {
      const result = await billing.verify(request.auth!, request.body);
      return {
        success: true as const,
        data: result,
        message:
          result.grant.kind === 'subscription'
            ? PAYMENT_MESSAGES.success(result.grant.planName)
            : result.refund
              ? PAYMENT_MESSAGES.refunded(result.grant.promptTitle, result.refund.reason, result.refund.done)
              : `You now own ${result.grant.promptTitle}.`,
      };
    },
  );

  app.post(
    '/test-gateway/pay',
    {
      config: checkoutLimit,
      schema: {
        tags,
        summary: `Test mode only: the built-in gateway's checkout signs a payment, or declines it${note}`,
        security: bearer,
        body: TestGatewayPaySchema,
        response: { 200: successEnvelope(TestGatewayResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await billing.testGatewayPay(request.auth!, request.body),
    }),
  );
};

/** What the user paid for: payments and owned prompts. */
const recordRoutes: FastifyPluginAsyncZod<Opts> = async (app, { billing, note }) => {
  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: `Your payments and receipts${note}`,
        security: bearer,
        response: { 200: successEnvelope(PaymentHistorySchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.history(request.auth!) }),
  );

  app.get(
    '/purchases',
    {
      config: { apiScope: 'library:read' },
      schema: {
        tags,
        summary: `Premium prompts you own${note}`,
        security: bearer,
        response: { 200: successEnvelope(PurchasedPromptListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.purchases(request.auth!) }),
  );
};

/** The user's side of billing, under /api/payments and its alias /api/payment (spec section 7). */
export const paymentRoutes: FastifyPluginAsyncZod<{ billing: BillingService; alias: boolean }> = async (
  app,
  { billing, alias },
) => {
  const note = alias ? ' (alias of /api/payments)' : '';

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: `The visible, active subscription plans${note}`,
        response: { 200: successEnvelope(PlanListSchema) },
      },
    },
    async () => ({ success: true as const, data: await billing.plans() }),
  );
  await app.register(webhookRoute, { billing, note });
  await app.register(async (user) => {
    user.addHook('onRequest', user.authenticate);
    await user.register(subscriptionRoutes, { billing, note });
    await user.register(checkoutRoutes, { billing, note });
    await user.register(recordRoutes, { billing, note });
  });
};

/** Payments in the admin panel: the list and refunds (registered inside /api/admin). */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  const tags = ['admin'];
  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary: 'Payments, newest first, with the payer',
        security: bearer,
        querystring: AdminPaymentsQuerySchema,
        response: { 200: successEnvelope(AdminPaymentListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.adminPayments(request.query) }),
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a payment within 30 days through the gateway (idempotent) and end what it granted',
        security: bearer,
        params: PaymentIdParamsSchema,
        body: RefundSchema.nullish(),
        response: { 200: successEnvelope(RefundResultSchema) },
      },
    },
    async (request) => {
      const result = await billing.refund(
        { id: request.auth!.userId, ip: request.ip },
        request.params.id,
        request.body?.reason,
      );
      return { success: true as const, data: result, message: 'Payment refunded' };
    },
  );
};
