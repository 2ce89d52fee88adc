import {
  ArrowRight,
  BadgeCheck,
  CreditCard,
  FlaskConical,
  Loader2,
  RefreshCcw,
  RotateCcw,
  ShieldCheck,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { PAYMENT_MESSAGES, type Plan, TRIAL_DAYS } from '@shared/billing';
import { PAGE_PATHS } from '@shared/routes';
import type { SiteConfig } from '@shared/site';
import { SIGN_IN_TO_SUBSCRIBE_TOAST } from '@/components/checkout/checkout-messages';
import { FaqList } from '@/components/faq-list';
import { checkoutKey, useCheckout } from '@/components/checkout/use-checkout';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterSessionCheck, useAuth } from '@/lib/auth';
import { useBillingOverview } from '@/lib/billing/get-billing-overview';
import { useStartTrial } from '@/lib/billing/start-trial';
import { useSiteConfig } from '@/lib/site-config';
import { usePlans } from '../api/get-plans';
import { BillingPeriodToggle } from '../components/billing-period-toggle';
import { PlanCard } from '../components/plan-card';
import { pricingFaq } from '../lib/faq';
import { type PlanAction, offersTrial, planAction } from '../lib/plan-action';
import { type BillingPeriod, bestAnnualSaving, priceView } from '../lib/price';
import { PageHero } from '@/components/page-hero';

/** What every plan comes with; who takes the payments and the currency only once the site's facts say. */
function assurances(site: SiteConfig | undefined) {
  return [
    { icon: BadgeCheck, label: `${TRIAL_DAYS}-day free trial, no card` },
    { icon: RefreshCcw, label: '30-day money-back guarantee' },
    site ? { icon: CreditCard, label: `Prices in ${site.currency}, charged as shown` } : null,
    site?.payments === 'razorpay' ? { icon: ShieldCheck, label: 'Secure checkout by Razorpay' } : null,
  ].filter((item) => item !== null);
}

const GRID = 'mx-auto grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6';

/** Serves both /pricing and /user/pricing: the plans come from the server, the buttons from who is looking. */
export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { status } = useAuth();
  const afterSessionCheck = useAfterSessionCheck();
  const signedIn = status === 'authenticated';
  const plans = usePlans();
  const overview = useBillingOverview();
  const checkout = useCheckout();
  const trial = useStartTrial();
  const list = plans.data?.plans ?? [];
  const { data: site } = useSiteConfig();
  const trialAvailable = signedIn && Boolean(overview.data?.trialAvailable);

  function act(plan: Plan, action: PlanAction) {
    // A plan without a yearly price is billed monthly whatever the toggle says (the card shows that).
    const billing = priceView(plan, period).period === 'annual' ? 'annual' : 'monthly';
    if (action.kind === 'already-free') {
      withToast((toast) => toast.info(PAYMENT_MESSAGES.alreadyFree));
    } else if (action.kind === 'sign-in') {
      // Drawn as a visitor's card until the session check answers: a signed-in user goes on to pay.
      afterSessionCheck((signedIn) => {
        if (signedIn) checkout.start({ planId: plan.id, billing });
        else
          withToast((toast) =>
            toast.error(SIGN_IN_TO_SUBSCRIBE_TOAST.title, {
              description: SIGN_IN_TO_SUBSCRIBE_TOAST.description,
            }),
          );
      });
    } else if (action.kind === 'checkout') {
      checkout.start({ planId: plan.id, billing });
    }
  }

  return (
    <div className="relative isolate">
      <PageHero
        badge="Pricing"
        title="Simple plans that grow with your prompts"
        lead={`Start free and upgrade when you need more playground sessions. Premium starts with a ${TRIAL_DAYS}-day free trial, no card needed.`}
      >
        <BillingPeriodToggle
          value={period}
          onChange={setPeriod}
          savePercent={bestAnnualSaving(list)}
          className="mt-10"
        />
        {overview.data?.testMode && (
          <p
            className="mx-auto mt-6 flex max-w-xl items-center justify-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
            data-testid="test-mode-notice"
          >
            <FlaskConical className="size-4 shrink-0 text-warning" aria-hidden />
            <span>
              <span className="font-medium">Test mode:</span> checkout uses the built-in test gateway. No real
              money moves.
            </span>
          </p>
        )}
      </PageHero>

      <section aria-label="Plans" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6 lg:px-8">
        {plans.isPending ? (
          <div className={GRID} aria-busy="true" aria-label="Loading plans">
            {[0, 1, 2].map((i) => (
              <PlanCardSkeleton key={i} />
            ))}
          </div>
        ) : plans.isError ? (
          <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-10 text-center shadow-sm">
            <div>
              <h2 className="text-lg font-semibold">Failed to load plans</h2>
              <p className="mt-1 text-sm text-muted-foreground">Please try refreshing the page.</p>
            </div>
            <Button variant="outline" onClick={() => void plans.refetch()} disabled={plans.isFetching}>
              {plans.isFetching ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <RotateCcw aria-hidden />
              )}
              Retry
            </Button>
          </div>
        ) : (
          <div className={GRID}>
            {list.map((plan) => {
              const action = planAction(plan, { signedIn, overview: overview.data });
              const billing = priceView(plan, period).period === 'annual' ? 'annual' : 'monthly';
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  period={period}
                  action={action}
                  busy={checkout.activeKey === checkoutKey({ planId: plan.id, billing })}
                  locked={checkout.activeKey !== null}
                  onAction={() => act(plan, action)}
                  trial={
                    signedIn && offersTrial(plan, overview.data)
                      ? {
                          days: overview.data?.trialDays ?? TRIAL_DAYS,
                          starting: trial.isPending,
                          onStart: () => trial.mutate(),
                        }
                      : undefined
                  }
                />
              );
            })}
          </div>
        )}
        <ul className="mt-14 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {assurances(site).map(({ icon: Icon, label }) => (
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
          <FaqList items={pricingFaq(plans.data?.plans, site)} />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl border bg-linear-to-br from-primary/15 via-card to-card px-6 py-14 text-center shadow-sm sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-balance">
            Try every Premium feature free for {TRIAL_DAYS} days
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
            No credit card needed. If you decide not to subscribe when the trial ends, your account simply
            stays on Free.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {!signedIn ? (
              <Button asChild size="lg">
                <Link to={PAGE_PATHS.signup}>
                  Start Free Trial
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            ) : trialAvailable ? (
              <Button size="lg" disabled={trial.isPending} onClick={() => trial.mutate()}>
                {trial.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                Start Free Trial
                <ArrowRight aria-hidden />
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to={PAGE_PATHS.playground}>
                  Open the Playground
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to={PAGE_PATHS.marketplace}>Browse the marketplace</Link>
            </Button>
          </div>
        </div>
      </section>
      {checkout.dialog}
    </div>
  );
}

function PlanCardSkeleton() {
  return (
    <div className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8" aria-hidden>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-xl" />
        <Skeleton className="h-6 w-28" />
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <Skeleton className="mt-8 h-12 w-32" />
      <Skeleton className="mt-3 h-4 w-40" />
      <Skeleton className="mt-6 h-10 w-full" />
      <div className="mt-8 space-y-3 border-t pt-6">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-4 w-5/6" />
        ))}
      </div>
    </div>
  );
}
