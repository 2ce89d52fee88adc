import { ArrowRight, BadgeCheck, CreditCard, RefreshCcw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PAGE_PATHS } from '@shared/routes';
import { BillingPeriodToggle } from '../components/billing-period-toggle';
import { PlanCard } from '../components/plan-card';
import { PricingFaq } from '../components/pricing-faq';
import type { BillingPeriod } from '../lib/price';
import { STATIC_PLANS } from '../lib/static-plans';

const ASSURANCES = [
  { icon: BadgeCheck, label: '14-day free trial, no card' },
  { icon: RefreshCcw, label: '30-day money-back guarantee' },
  { icon: CreditCard, label: 'Prices in USD, charged as shown' },
  { icon: ShieldCheck, label: 'Secure checkout by Razorpay' },
];

/** Serves both /pricing and /user/pricing: the plans are the same for visitors and members. */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  return (
    <div className="relative isolate">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[480px] bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-[0.12] dark:opacity-20"
      />

      <section className="mx-auto max-w-6xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24 lg:px-8">
        <Badge variant="secondary" className="px-3 py-1">
          Pricing
        </Badge>
        <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Simple plans that grow with your prompts
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
          Start free and upgrade when you need more sessions, more prompts or your whole team. Every paid plan
          starts with a 14-day free trial.
        </p>
        <BillingPeriodToggle value={period} onChange={setPeriod} className="mt-10" />
      </section>

      <section aria-label="Plans" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6">
          {STATIC_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </div>
        <ul className="mt-14 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {ASSURANCES.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-4 text-success" aria-hidden />
              {label}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing-faq" className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="pricing-faq" className="text-3xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <p className="mt-3 text-muted-foreground">
            Anything else?{' '}
            <Link to={PAGE_PATHS.support} className="font-medium text-primary hover:underline">
              Visit the Support Center
            </Link>
            .
          </p>
        </div>
        <div className="mt-10">
          <PricingFaq />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl border bg-linear-to-br from-primary/15 via-card to-card px-6 py-14 text-center shadow-sm sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-balance">
            Try every Premium feature free for 14 days
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
            No credit card needed. If you decide not to subscribe when the trial ends, your account simply
            stays on Free.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={PAGE_PATHS.signup}>
                Start Free Trial
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={PAGE_PATHS.marketplace}>Browse the marketplace</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
