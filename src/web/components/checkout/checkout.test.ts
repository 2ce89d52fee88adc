import { describe, expect, it, vi } from 'vitest';
import type { CheckoutOrder } from '@shared/billing';
import { FALLBACK_FAILURE, failureToast, successToast } from './checkout-messages';
import { razorpayOptions } from './razorpay';

const order: CheckoutOrder = {
  gateway: 'razorpay',
  testMode: false,
  keyId: 'rzp_live_abc',
  orderId: 'order_123',
  paymentId: 'pay_local_1',
  amountMinor: 1900,
  amount: 19,
  currency: 'USD',
  name: 'Promptforge',
  licence: null,
  description: 'Premium plan, monthly',
  prefill: { name: 'Ada Lovelace', email: 'ada@example.test' },
  checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
  resumed: false,
};

describe('razorpayOptions', () => {
  it("passes the server's order, amount and prefill to Checkout", () => {
    const paid = vi.fn();
    const dismissed = vi.fn();
    const options = razorpayOptions(order, { paid, dismissed });
    expect(options).toMatchObject({
      key: 'rzp_live_abc',
      order_id: 'order_123',
      amount: 1900,
      currency: 'USD',
      name: 'Promptforge',
      description: 'Premium plan, monthly',
      prefill: { name: 'Ada Lovelace', email: 'ada@example.test' },
    });
    const response = { razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' };
    options.handler(response);
    expect(paid).toHaveBeenCalledWith(response);
    options.modal.ondismiss();
    expect(dismissed).toHaveBeenCalledOnce();
  });
});

describe('payment toasts', () => {
  it("welcomes a subscriber to the plan in the spec's words", () => {
    expect(
      successToast({
        kind: 'subscription',
        planId: 'p1',
        planName: 'Premium',
        billing: 'monthly',
        periodEnd: '2026-12-21T00:00:00.000Z',
      }),
    ).toEqual({
      title: 'Payment Successful!',
      description: 'Welcome to Premium plan! Your subscription is now active.',
    });
  });

  it('tells a buyer which prompt they now own', () => {
    expect(successToast({ kind: 'prompt', promptId: 'x', promptTitle: 'Cold Email Writer' })).toEqual({
      title: 'Payment Successful!',
      description: 'You now own Cold Email Writer.',
    });
  });

  it('tells a buyer a payment for a prompt they already own is refunded (issue 51)', () => {
    const grant = { kind: 'prompt' as const, promptId: 'x', promptTitle: 'Cold Email Writer' };
    expect(successToast(grant, { reason: 'already_owned', done: true })).toEqual({
      title: 'Payment Refunded',
      description: 'You already own Cold Email Writer, so this payment has been refunded.',
    });
  });

  it("uses the server's message for a failure, else the spec's fallback", () => {
    expect(failureToast('subscription', new Error('Plan not found'))).toEqual({
      title: 'Subscription Failed',
      description: 'Plan not found',
    });
    expect(failureToast('subscription', 'boom')).toEqual({
      title: 'Subscription Failed',
      description: FALLBACK_FAILURE,
    });
    expect(failureToast('prompt', new Error(''))).toEqual({
      title: 'Purchase Failed',
      description: 'Something went wrong. Please try again.',
    });
  });
});
