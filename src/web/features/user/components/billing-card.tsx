import {
  ArrowUpRight,
  CreditCardIcon,
  FlaskConical,
  Loader2,
  Play,
  RotateCcwIcon,
  ShoppingBag,
} from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BillingOverview } from '@shared/billing';
import { PAGE_PATHS } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingOverview } from '@/lib/billing/get-billing-overview';
import { usePurchases } from '@/lib/billing/get-purchases';
import { useStartTrial } from '@/lib/billing/start-trial';
import { formatDate, formatMoney } from '@/lib/format';
import { usePaymentHistory } from '../api/get-payment-history';
import { SUBSCRIPTION_STATUS, displayStatus, periodEnd } from '../lib/billing-labels';
import { PaymentHistoryTable } from './payment-history-table';
import { SectionCard } from '@/components/section-card';

/**
 * Settings' Billing section (issue 7): plan, until when it runs, trial, payments, bought prompts. A
 * plan is paid a period at a time and nothing renews by itself, so there is nothing to cancel.
 */
export function BillingCard() {
  const overview = useBillingOverview();
  return (
    <SectionCard
      id="billing"
      title="Billing"
      description="Your plan, your payments and the prompts you have bought."
      icon={<CreditCardIcon />}
    >
      {overview.isPending ? (
        <div className="grid gap-3" aria-label="Loading billing" role="status">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="mt-4 h-24 w-full" />
        </div>
      ) : overview.isError ? (
        <SectionError
          what="your plan"
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
          {overview.data.testMode && <TestModeNotice />}
          <CurrentPlan overview={overview.data} />
          <PaymentsBlock />
          <PurchasesBlock />
        </div>
      )}
    </SectionCard>
  );
}

function TestModeNotice() {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
      data-testid="billing-test-mode"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <span>
        <span className="font-medium">Test mode.</span> Payments go through the built-in test gateway: no real
        money moves.
      </span>
    </p>
  );
}

function CurrentPlan({ overview }: { overview: BillingOverview }) {
  const { subscription } = overview;
  const status = subscription ? SUBSCRIPTION_STATUS[displayStatus(subscription)] : SUBSCRIPTION_STATUS.active;
  const end = periodEnd(subscription);
  const trial = useStartTrial();
  const onPaidPlan =
    subscription !== null && subscription.status !== 'expired' && subscription.status !== 'refunded';

  return (
    <div
      className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="billing-plan"
    >
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Current plan</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <p className="text-2xl font-semibold tracking-tight" data-testid="billing-plan-name">
            {onPaidPlan ? subscription.planName : overview.plan.name}
          </p>
          <Badge variant={status.tone} data-testid="billing-plan-status">
            {onPaidPlan ? status.label : 'Active'}
          </Badge>
          {onPaidPlan && subscription.status !== 'trialing' && (
            <Badge variant="outline">{subscription.billing === 'annual' ? 'Annual' : 'Monthly'}</Badge>
          )}
        </div>
        <p className="mt-1.5 text-sm text-muted-foreground" data-testid="billing-period-end">
          {onPaidPlan && end ? (
            <>
              {end.label}{' '}
              <time dateTime={end.date} className="font-medium text-foreground">
                {formatDate(end.date, 'long')}
              </time>
              {end.label === 'Active until'
                ? '. Nothing renews by itself: after that you are on Free unless you pay for another period.'
                : '. After that you are on Free.'}
            </>
          ) : (
            'Free forever: a monthly allowance of playground sessions and every free prompt.'
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {overview.trialAvailable && (
          <Button onClick={() => trial.mutate()} disabled={trial.isPending}>
            {trial.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            Start {overview.trialDays}-day trial
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.userPricing}>
            {onPaidPlan ? 'Change plan' : 'Upgrade'}
            <ArrowUpRight aria-hidden />
          </Link>
        </Button>
      </div>
    </div>
  );
}

function SectionError({ what, onRetry, retrying }: { what: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4 text-sm">
      <p className="text-muted-foreground">Failed to load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcwIcon aria-hidden />}
        Try Again
      </Button>
    </div>
  );
}

/**
 * One block of the Billing section: a heading over a list query, with its loading placeholder, its failure
 * and retry, the words for an empty list, or the list.
 */
function ListBlock<T>({
  id,
  title,
  query,
  what,
  skeletonClassName,
  empty,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  /** Said in "Failed to load …". */
  what: string;
  skeletonClassName: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <div className="mt-3">
        {query.isPending ? (
          <Skeleton className={skeletonClassName} />
        ) : query.isError ? (
          <SectionError what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : query.data.length === 0 ? (
          empty
        ) : (
          children(query.data)
        )}
      </div>
    </section>
  );
}

function PaymentsBlock() {
  return (
    <ListBlock
      id="billing-payments"
      title="Payment history"
      query={usePaymentHistory()}
      what="your payments"
      skeletonClassName="h-20 w-full"
      empty={
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No payments yet. Receipts for plans and prompts you buy appear here.
        </p>
      }
    >
      {(payments) => <PaymentHistoryTable payments={payments} />}
    </ListBlock>
  );
}

function PurchasesBlock() {
  return (
    <ListBlock
      id="billing-purchases"
      title="Bought prompts"
      query={usePurchases()}
      what="your prompts"
      skeletonClassName="h-14 w-full"
      empty={
        <p className="flex flex-wrap items-center gap-x-1 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          Premium prompts you buy stay yours and appear here.
          <Link to={PAGE_PATHS.marketplace} className="font-medium text-primary hover:underline">
            Browse the marketplace
          </Link>
        </p>
      }
    >
      {(purchases) => (
        <ul className="divide-y rounded-lg border" data-testid="bought-prompts">
          {purchases.map((prompt) => (
            <li key={prompt.promptId} className="flex items-center gap-3 px-4 py-3">
              <span className="grid size-8 shrink-0 place-items-center rounded-md bg-primary/10 text-primary">
                <ShoppingBag className="size-4" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <Link
                  to={`/marketplace/${encodeURIComponent(prompt.promptId)}`}
                  className="block truncate font-medium hover:underline"
                >
                  {prompt.title}
                </Link>
                <p className="truncate text-xs text-muted-foreground">
                  by {prompt.authorName} · bought {formatDate(prompt.purchasedAt)}
                </p>
              </div>
              <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
                {formatMoney(prompt.amountMinor, prompt.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListBlock>
  );
}
