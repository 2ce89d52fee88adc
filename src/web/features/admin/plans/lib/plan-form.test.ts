import { describe, expect, it } from 'vitest';
import {
  EMPTY_PLAN_FORM,
  addItem,
  atLeastOne,
  displayPrice,
  planBody,
  planIconKind,
  sortPlans,
  validatePlanForm,
} from './plan-form';

const filled = {
  ...EMPTY_PLAN_FORM,
  name: ' Pro ',
  description: ' For pros ',
  monthlyPrice: '19',
  annualPrice: '',
};

describe('validatePlanForm', () => {
  it("gives the spec's plan save messages in order", () => {
    expect(validatePlanForm(EMPTY_PLAN_FORM)).toEqual({
      title: 'Name required',
      description: 'Please enter a plan name.',
    });
    expect(validatePlanForm({ ...filled, description: '  ' })).toEqual({
      title: 'Description required',
      description: 'Please enter a plan description.',
    });
    expect(validatePlanForm({ ...filled, monthlyPrice: '-1' })).toEqual({
      title: 'Invalid monthly price',
      description: 'Monthly price must be a valid number >= 0.',
    });
    expect(validatePlanForm({ ...filled, annualPrice: 'abc' })).toEqual({
      title: 'Invalid annual price',
      description: 'Annual price must be a valid number >= 0.',
    });
    expect(validatePlanForm(filled)).toBeNull();
  });
});

describe('planBody', () => {
  it('trims, drops blank features, sends each as included, and applies the fall-backs', () => {
    const body = planBody({
      ...filled,
      priority: 'x',
      maxUsers: '0',
      maxProjects: '',
      maxStorage: '7',
      features: ['A', '  ', 'B '],
      limitations: ['No API', ' '],
      unlimitedSessions: true,
    });
    expect(body).toEqual({
      name: 'Pro',
      description: 'For pros',
      price: { monthly: 19, yearly: 0 },
      features: [
        { name: 'A', included: true },
        { name: 'B', included: true },
      ],
      limitations: ['No API'],
      metadata: { popular: false, order: 1 },
      limits: { playgroundSessions: -1, apiAccess: false, testBudget: 0, teamSessions: 0 },
      isActive: true,
      isVisible: true,
      maxUsers: 1,
      maxProjects: 1,
      maxStorage: 7,
    });
    expect(planBody({ ...filled, sessions: '3' }).limits).toEqual({
      playgroundSessions: 3,
      apiAccess: false,
      testBudget: 0,
      teamSessions: 0,
    });
    expect(planBody({ ...filled, teamSessions: '25' }).limits).toMatchObject({ teamSessions: 25 });
    expect(planBody({ ...filled, apiAccess: true, testBudget: '12.5' }).limits).toMatchObject({
      apiAccess: true,
      testBudget: 12.5,
    });
    expect(atLeastOne('4.7')).toBe(4);
  });
});

describe('list helpers', () => {
  it('adds non-blank items once', () => {
    expect(addItem(['A'], '  ')).toEqual(['A']);
    expect(addItem(['A'], ' B ')).toEqual(['A', 'B']);
    expect(addItem(['A'], 'A')).toEqual(['A']);
  });

  it('shows yearly prices with the monthly equivalent billed annually when above 0', () => {
    const plan = { priceMinor: { monthly: 1900, yearly: 18240 } };
    expect(displayPrice(plan, false)).toEqual({ minor: 1900, period: 'month', billedAnnuallyMinor: null });
    expect(displayPrice(plan, true)).toEqual({ minor: 18240, period: 'year', billedAnnuallyMinor: 1520 });
    expect(displayPrice({ priceMinor: { monthly: 0, yearly: 0 } }, true).billedAnnuallyMinor).toBeNull();
  });

  it('picks the icon by name and sorts by order', () => {
    expect(['Free', 'Pro', 'Premium', 'Enterprise', 'Business', 'Studio'].map(planIconKind)).toEqual([
      'free',
      'pro',
      'pro',
      'enterprise',
      'enterprise',
      'other',
    ]);
    const p = (name: string, order: number, monthly = 0) => ({
      name,
      metadata: { order },
      priceMinor: { monthly },
    });
    expect(sortPlans([p('B', 2), p('A', 1, 5), p('C', 1, 0)]).map((x) => x.name)).toEqual(['C', 'A', 'B']);
  });
});
