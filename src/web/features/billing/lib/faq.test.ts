import { describe, expect, it } from 'vitest';
import { annualAnswer, paymentsAnswer, sessionsAnswer } from './faq';

const plan = (name: string, monthly: number, yearly: number, sessions: number, saving: number) => ({
  name,
  priceMinor: { monthly, yearly },
  currency: 'USD',
  limits: { playgroundSessions: sessions },
  annualSavingPercent: saving,
});

const seeded = [
  plan('Free', 0, 0, 10, 0),
  plan('Premium', 1900, 18240, -1, 20),
  plan('Business', 9900, 95040, -1, 20),
];

describe('the pricing FAQ, written from the plans as they are', () => {
  it('works the annual prices out from the plans, not from fixed figures', () => {
    expect(annualAnswer(seeded)).toBe(
      'Annual billing takes 20% off: Premium works out at $15.20 a month ($182.40 billed annually) and Business works out at $79.20 a month ($950.40 billed annually).',
    );
    // An admin put Premium at $25 a month and $240 a year.
    const changed = [plan('Free', 0, 0, 10, 0), plan('Premium', 2500, 24000, -1, 20)];
    expect(annualAnswer(changed)).toBe(
      'Annual billing takes 20% off: Premium works out at $20 a month ($240 billed annually).',
    );
    expect(annualAnswer([plan('Premium', 2000, 24000, -1, 0)])).toMatch(
      /^No plan costs less billed annually/,
    );
    expect(annualAnswer([plan('A', 1000, 9000, -1, 25), plan('B', 1000, 10800, -1, 10)])).toMatch(
      /^Annual billing takes up to 25% off: A works out at \$7\.50 a month/,
    );
    expect(annualAnswer(undefined)).not.toMatch(/\$/);
  });

  it("states each plan's allowance as the plans set it", () => {
    expect(sessionsAnswer(seeded)).toMatch(
      /Free includes 10 sessions a month; Premium and Business are unlimited\.$/,
    );
    expect(sessionsAnswer([plan('Free', 0, 0, 25, 0), plan('Pro', 900, 0, 200, 0)])).toMatch(
      /Free includes 25 sessions a month; Pro includes 200 sessions a month\.$/,
    );
    expect(sessionsAnswer(undefined)).not.toMatch(/\d/);
  });

  it('names Razorpay only when Razorpay takes the payments', () => {
    expect(paymentsAnswer({ payments: 'razorpay', currency: 'USD' })).toMatch(/^Checkout runs on Razorpay/);
    const test = paymentsAnswer({ payments: 'test', currency: 'EUR' });
    expect(test).toMatch(/built-in test gateway: no real money moves/);
    expect(test).toContain('Prices are in EUR');
    expect(test).not.toContain('Razorpay');
    expect(paymentsAnswer({ payments: 'off', currency: 'USD' })).toMatch(/not available/);
    expect(paymentsAnswer(undefined)).not.toContain('Razorpay');
  });
});
