import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import {
  AdminPayoutListSchema,
  AdminPayoutSchema,
  AdminPayoutsQuerySchema,
  ApprovePayoutSchema,
  PAYOUT_MESSAGES,
  PayoutAccountSchema,
  PayoutIdParamsSchema,
  PayoutOverviewSchema,
  PayoutSchema,
  PayoutThresholdSchema,
  RejectPayoutSchema,
  ReversePayoutSchema,
  RequestPayoutSchema,
} from '../../../shared/payouts';
import { formatMoney } from '../../lib/money';
import type { BillingService } from './service';

const bearer = [{ bearerAuth: [] }];
// A person asks for a payout now and then; per signed-in caller, as checkout counts its calls.
const requestLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      `payout:${crypto
        .createHash('sha256')
        .update(request.headers.authorization ?? request.ip)
        .digest('base64url')}`,
  },
};

/** A creator's earnings and payouts, under /api/payouts (signed in; API keys are refused). */
export const payoutRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const tags = ['payouts'];
  app.addHook('onRequest', app.authenticate);
  const actor = (request: { auth: { userId: string } | null; ip: string }) => ({
    id: request.auth!.userId,
    ip: request.ip,
  });

  // '' rather than '/': the address is /api/payouts, without a trailing slash.
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Your balances per currency (available, pending, in progress, paid) and your payouts',
        security: bearer,
        response: { 200: successEnvelope(PayoutOverviewSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.payoutOverview(request.auth!) }),
  );

  app.post(
    '',
    {
      config: requestLimit,
      schema: {
        tags,
        summary: 'Ask for a payout: at least the threshold, at most the available balance',
        security: bearer,
        body: RequestPayoutSchema,
        response: { 201: successEnvelope(PayoutSchema) },
      },
    },
    async (request, reply) => {
      const payout = await billing.requestPayout(actor(request), request.body);
      return reply
        .code(201)
        .send({ success: true as const, data: payout, message: PAYOUT_MESSAGES.requested });
    },
  );

  app.put(
    '/account',
    {
      schema: {
        tags,
        summary: 'Your Razorpay linked account id for Route transfers (empty clears it)',
        security: bearer,
        body: PayoutAccountSchema,
        response: { 200: successEnvelope(PayoutOverviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await billing.savePayoutAccount(request.auth!, request.body.razorpayAccountId),
      message: 'Payout account saved',
    }),
  );
};

/** Payout requests in the admin panel (registered inside /api/admin, behind requireAdmin). */
export const adminPayoutRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  const tags = ['admin'];
  const admin = (request: { auth: { userId: string } | null; ip: string }) => ({
    id: request.auth!.userId,
    ip: request.ip,
  });

  app.get(
    '/payouts',
    {
      schema: {
        tags,
        summary: 'Payout requests, newest first, with each creator and balance; the thresholds',
        security: bearer,
        querystring: AdminPayoutsQuerySchema,
        response: { 200: successEnvelope(AdminPayoutListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await billing.adminPayouts(request.query) }),
  );

  app.post(
    '/payouts/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a payout: its gateway transfer is sent by a job (processing until paid), or it is marked paid by hand with a reference',
        security: bearer,
        params: PayoutIdParamsSchema,
        body: ApprovePayoutSchema,
        response: { 200: successEnvelope(AdminPayoutSchema) },
      },
    },
    async (request) => {
      const payout = await billing.approvePayout(admin(request), request.params.id, request.body);
      return {
        success: true as const,
        data: payout,
        message: payout.status === 'paid' ? PAYOUT_MESSAGES.paid : PAYOUT_MESSAGES.queued,
      };
    },
  );

  app.post(
    '/payouts/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a payout not yet paid, with a reason; its amount returns to the balance',
        security: bearer,
        params: PayoutIdParamsSchema,
        body: RejectPayoutSchema,
        response: { 200: successEnvelope(AdminPayoutSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await billing.rejectPayout(admin(request), request.params.id, request.body.reason),
      message: PAYOUT_MESSAGES.rejected,
    }),
  );

  app.post(
    '/payouts/:id/reverse',
    {
      schema: {
        tags,
        summary:
          "Reverse a paid gateway payout's transfer (all that is left, or amountMinor of it); the amount returns to the creator's balance",
        security: bearer,
        params: PayoutIdParamsSchema,
        body: ReversePayoutSchema,
        response: { 200: successEnvelope(AdminPayoutSchema) },
      },
    },
    async (request) => {
      const { payout, returnedMinor } = await billing.reversePayout(
        admin(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        data: payout,
        message: PAYOUT_MESSAGES.reversed(formatMoney(returnedMinor, payout.currency)),
      };
    },
  );

  app.put(
    '/payouts/threshold',
    {
      schema: {
        tags,
        summary: 'Set the least payout for a currency',
        security: bearer,
        body: PayoutThresholdSchema,
        response: { 200: successEnvelope(AdminPayoutListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await billing.setPayoutThreshold(admin(request), request.body),
      message: 'Payout threshold saved',
    }),
  );
};
