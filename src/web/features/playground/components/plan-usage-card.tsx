import { CrownIcon, RefreshCwIcon, SparklesIcon, UsersRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import type { Usage } from '@shared/playground';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { type UsageView, describeUsage, isFreePlan } from '../lib/usage';

interface PlanUsageCardProps {
  usage: Usage | undefined;
  /** The plan name from the signed-in user, shown while usage loads. */
  fallbackPlan: string;
  isAdmin: boolean;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** The team's shared pool (decision 064), and which allowance a new chat counts against. */
function TeamPoolMeter({
  pool,
  countsAgainst,
}: {
  pool: NonNullable<UsageView['pool']>;
  countsAgainst: string | null;
}) {
  return (
    <div className="mt-3 border-t pt-3" data-testid="team-pool-meter">
      <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium">
        <UsersRoundIcon aria-hidden className="size-3.5 shrink-0 text-primary" />
        <span className="truncate">{pool.name} · team pool</span>
      </p>
      <p className="mt-1 text-sm tabular-nums">{pool.label}</p>
      <div
        role="progressbar"
        aria-label="Team sessions used this month"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pool.percent}
        aria-valuetext={pool.label}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500',
            pool.usedUp ? 'bg-destructive' : pool.percent >= 80 ? 'bg-warning' : 'bg-primary',
          )}
          style={{ width: `${pool.percent}%` }}
        />
      </div>
      {countsAgainst ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="counts-against">
          {countsAgainst}
        </p>
      ) : null}
    </div>
  );
}

/** The plan, this month's sessions against the allowance (and a team's pool), and when it starts again. */
export function PlanUsageCard({
  usage,
  fallbackPlan,
  isAdmin,
  loading,
  failed,
  onRetry,
}: PlanUsageCardProps) {
  const plan = usage?.plan ?? fallbackPlan;
  const free = !isAdmin && isFreePlan(plan);
  const view = usage ? describeUsage(usage) : null;

  return (
    <section aria-labelledby="playground-plan" className="rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <h2 id="playground-plan" className="flex min-w-0 items-center gap-2 text-sm font-semibold">
          {free ? (
            <SparklesIcon aria-hidden className="size-4 shrink-0 text-primary" />
          ) : (
            <CrownIcon aria-hidden className="size-4 shrink-0 text-warning" />
          )}
          <span className="truncate" data-testid="plan-name">
            {plan} plan
          </span>
        </h2>
        {free ? (
          <Button asChild size="sm" variant="outline" className="h-7 shrink-0 px-2.5 text-xs">
            <Link to={PAGE_PATHS.pricing}>Upgrade</Link>
          </Button>
        ) : view?.unlimited ? (
          <Badge variant="secondary">Unlimited</Badge>
        ) : null}
      </div>

      <div className="mt-3" data-testid="usage-meter">
        {view && usage ? (
          <>
            <p className="text-sm tabular-nums">
              <span className="font-medium">{view.label}</span>
              {view.unlimited ? <span className="text-muted-foreground"> · Unlimited</span> : null}
            </p>
            {view.unlimited ? null : (
              <div
                role="progressbar"
                aria-label="Sessions used this month"
                aria-valuemin={0}
                aria-valuemax={usage.limit}
                aria-valuenow={Math.min(usage.current, usage.limit)}
                aria-valuetext={`${usage.current} of ${usage.limit} sessions used`}
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn(
                    'h-full rounded-full transition-[width] duration-500',
                    view.ownUsedUp ? 'bg-destructive' : view.percent >= 80 ? 'bg-warning' : 'bg-primary',
                  )}
                  style={{ width: `${Math.max(view.percent, usage.current > 0 ? 4 : 0)}%` }}
                />
              </div>
            )}
            <p className="mt-2 text-xs text-muted-foreground">
              {view.atLimit ? (
                <span className="font-medium text-destructive">Limit reached · </span>
              ) : view.ownUsedUp ? (
                <span className="font-medium">Used up · </span>
              ) : null}
              Resets on {formatDate(usage.resetsAt, 'long')}
            </p>
            {view.pool ? <TeamPoolMeter pool={view.pool} countsAgainst={view.countsAgainst} /> : null}
          </>
        ) : loading ? (
          <div className="space-y-2" role="status">
            <span className="sr-only">Loading usage…</span>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-1.5 w-full" />
            <Skeleton className="h-3 w-28" />
          </div>
        ) : failed ? (
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>Usage is unavailable right now.</span>
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onRetry}>
              <RefreshCwIcon aria-hidden />
              Retry
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
