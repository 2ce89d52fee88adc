import { type Plan, TRIAL_DAYS, UNLIMITED } from '@shared/billing';
import type { SiteConfig } from '@shared/site';
import { formatPrice } from '@/lib/format';
import { listInWords } from '@/lib/site-config';
import { isFreePlan, priceView } from './price';

/*
 * The pricing FAQ. Every promise is one the product keeps on this site (issue 51): the prices, the
 * annual saving and the allowances are written from the plans the server has now (an admin can
 * change them), who takes the payments from the deployment's facts. Before those have arrived an
 * answer says only what holds whatever they are.
 */

export interface FaqItem {
  question: string;
  answer: string;
}

type PlanFacts = Pick<Plan, 'name' | 'priceMinor' | 'currency' | 'annualSavingPercent'> & {
  limits: Pick<Plan['limits'], 'playgroundSessions'>;
};

/** "Annual billing takes 20% off: Premium works out at $15.20 a month ($182.40 billed annually)...". */
export function annualAnswer(plans: readonly PlanFacts[] | undefined): string {
  if (!plans)
    return 'Each plan card above shows its monthly and its annual price: switch the toggle to compare.';
  const cheaper = plans.filter((plan) => !isFreePlan(plan) && plan.annualSavingPercent > 0);
  if (cheaper.length === 0)
    return 'No plan costs less billed annually at the moment: twelve monthly payments cost the same.';
  const each = cheaper.map((plan) => {
    const view = priceView(plan, 'annual');
    const money = (minor: number) => formatPrice(minor, plan.currency, { free: false });
    return `${plan.name} works out at ${money(view.mainMinor)} a month (${money(view.chargeMinor ?? 0)} billed annually)`;
  });
  const percents = [...new Set(cheaper.map((plan) => plan.annualSavingPercent))];
  const lead =
    percents.length === 1
      ? `Annual billing takes ${percents[0]}% off`
      : `Annual billing takes up to ${Math.max(...percents)}% off`;
  return `${lead}: ${listInWords(each)}.`;
}

/** "Free includes 10 sessions a month; Premium and Business are unlimited." */
export function sessionsAnswer(plans: readonly PlanFacts[] | undefined): string {
  const base =
    'A session is one conversation with an AI model. It counts toward your monthly allowance once its first reply arrives; a reply that fails never counts.';
  if (!plans || plans.length === 0) return `${base} Each plan's allowance is on its card above.`;
  const limited = plans
    .filter((plan) => plan.limits.playgroundSessions !== UNLIMITED)
    .map((plan) => {
      const n = plan.limits.playgroundSessions;
      return `${plan.name} includes ${n} ${n === 1 ? 'session' : 'sessions'} a month`;
    });
  const unlimited = plans
    .filter((plan) => plan.limits.playgroundSessions === UNLIMITED)
    .map((plan) => plan.name);
  const parts = [
    ...limited,
    unlimited.length > 0
      ? `${listInWords(unlimited)} ${unlimited.length === 1 ? 'is' : 'are'} unlimited`
      : null,
  ].filter((part) => part !== null);
  return `${base} ${parts.join('; ')}.`;
}

/** Who takes the money, and in which currency, on this site. */
export function paymentsAnswer(site: Pick<SiteConfig, 'payments' | 'currency'> | undefined): string {
  const checked = 'Every payment is verified on our servers before your plan changes.';
  if (!site) return checked;
  const prices = `Prices are in ${site.currency} and the amount you see is the amount you are charged.`;
  switch (site.payments) {
    case 'razorpay':
      return `Checkout runs on Razorpay, and ${checked.charAt(0).toLowerCase()}${checked.slice(1)} ${prices} Card details go to Razorpay: we never see or store your card number.`;
    case 'test':
      return `This site takes payments through a built-in test gateway: no real money moves and no card is asked for. ${checked} ${prices}`;
    default:
      return 'Checkout is not available on this site at the moment, so nothing can be charged.';
  }
}

export function pricingFaq(plans: readonly PlanFacts[] | undefined, site: SiteConfig | undefined): FaqItem[] {
  return [
    {
      question: `How does the ${TRIAL_DAYS}-day free trial work?`,
      answer: `Start a ${TRIAL_DAYS}-day Premium trial from this page or your settings; no credit card is required. Each account gets one trial. When it ends you are back on Free unless you choose to subscribe, so nothing is charged by surprise.`,
    },
    {
      question: 'Is there a money-back guarantee?',
      answer:
        'Yes. If a paid plan or a prompt is not right for you, contact support within 30 days of the payment and we refund it in full.',
    },
    {
      question: 'Can I change or cancel my plan later?',
      answer:
        'Any time. A paid plan runs for the month or the year you paid for, and nothing renews by itself: when the period ends you are back on Free unless you pay for another one. You can move to another plan, or pay annually instead of monthly, whenever your needs change.',
    },
    { question: 'How much do I save with annual billing?', answer: annualAnswer(plans) },
    { question: 'What counts as a playground session?', answer: sessionsAnswer(plans) },
    { question: 'How are payments handled?', answer: paymentsAnswer(site) },
  ];
}
