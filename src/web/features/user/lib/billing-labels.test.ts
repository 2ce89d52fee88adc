import { describe, expect, it } from 'vitest';
import type { Subscription } from '@shared/billing';
import { PAYMENT_STATUS, displayStatus, periodEnd } from './billing-labels';

const base: Subscription = {
  id: 's1',
  planId: 'p',
  planName: 'Premium',
  billing: 'monthly',
  status: 'active',
  periodStart: '2026-11-21T00:00:00.000Z',
  periodEnd: '2026-12-21T00:00:00.000Z',
  trialEndsAt: null,
  canceledAt: null,
};

describe('the period end line', () => {
  it('says until when an active plan runs: nothing renews by itself (issue 51)', () => {
    expect(periodEnd(base)).toEqual({ label: 'Active until', date: '2026-12-21T00:00:00.000Z' });
  });

  it('says when a canceled plan ends', () => {
    expect(periodEnd({ ...base, status: 'canceled', canceledAt: '2026-11-24T00:00:00.000Z' })).toEqual({
      label: 'Ends on',
      date: '2026-12-21T00:00:00.000Z',
    });
  });

  it('reads a cancel the server records beside an active status as canceled', () => {
    const canceled = { ...base, canceledAt: '2026-11-24T00:00:00.000Z' };
    expect(displayStatus(canceled)).toBe('canceled');
    expect(periodEnd(canceled)?.label).toBe('Ends on');
    expect(displayStatus(base)).toBe('active');
  });

  it('says when a trial ends, preferring the trial end date', () => {
    expect(periodEnd({ ...base, status: 'trialing', trialEndsAt: '2026-12-05T00:00:00.000Z' })).toEqual({
      label: 'Trial ends on',
      date: '2026-12-05T00:00:00.000Z',
    });
  });

  it('has nothing to say without a subscription or an end date', () => {
    expect(periodEnd(null)).toBeNull();
    expect(periodEnd({ ...base, periodEnd: null })).toBeNull();
  });
});

describe('payment status badges', () => {
  it('names a refund and a capture the way a receipt would', () => {
    expect(PAYMENT_STATUS.refunded.label).toBe('Refunded');
    expect(PAYMENT_STATUS.captured.label).toBe('Paid');
    expect(PAYMENT_STATUS.failed.tone).toBe('destructive');
  });
});
