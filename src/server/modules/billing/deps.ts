import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type BillingPeriod, PAYMENT_MESSAGES } from '../../../shared/billing';
import type { PaymentsConfig } from '../../config';
import type { DB } from '../../db/types';
import type { ModelRegistry } from '../../integrations/ai/providers';
import type { Jobs } from '../../jobs';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PaymentGateway, TestGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/errors';

/** What billing's functions work with; built once by app.ts (createBillingService). */
export interface BillingDeps {
  db: Kysely<DB>;
  config: PaymentsConfig;
  gateway: PaymentGateway | TestGateway | null;
  log: FastifyBaseLogger;
  /** Sends the admins' payment alerts (Admin Settings > Notifications). */
  mailer: Mailer;
  /** The site's address, for the admin links in alerts. */
  publicUrl: string;
  /** The configured models, for the models each plan offers (its limits, issue 59). */
  models: ModelRegistry;
  /** The job queue: an approved payout's transfer is a job (decision 070). */
  jobs: Jobs;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The configured gateway, or the 503 a site without one answers. */
export function requireGateway(deps: BillingDeps): PaymentGateway | TestGateway {
  if (!deps.gateway) {
    throw new AppError('PAYMENT_ERROR', 'Payments are not available on this site right now.', {
      status: 503,
      internal: 'no payment gateway configured (production without Razorpay keys)',
    });
  }
  return deps.gateway;
}

/** A stored billing period ('yearly' is the old spelling of 'annual'). */
export const asBilling = (v: string | null): BillingPeriod | null =>
  v === 'annual' || v === 'yearly' ? 'annual' : v === 'monthly' ? 'monthly' : null;

export const verificationFailed = (internal: string) =>
  new AppError('PAYMENT_ERROR', PAYMENT_MESSAGES.verificationFailed, { status: 400, internal });
