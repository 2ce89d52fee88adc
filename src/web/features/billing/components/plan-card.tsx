import { Check, Crown, Loader2, type LucideIcon, Sparkles, Star, X, Zap } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Plan, PlanIcon } from '@shared/billing';
import { PAGE_PATHS } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney, formatPrice as formatMinor } from '@/lib/format';
import { planLimitLines } from '@/lib/plan-limits';
import type { PlanAction } from '../lib/plan-action';
import { type BillingPeriod, priceView } from '../lib/price';

const PLAN_ICONS: Record<PlanIcon, LucideIcon> = { star: Star, crown: Crown, other: Zap };

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  action: PlanAction;
  /** This card's checkout is under way. */
  busy: boolean;
  /** Another checkout is under way: one payment at a time. */
  locked: boolean;
  onAction: () => void;
  /** Shown under the main button when the account may still start the 14-day trial. */
  trial?: { days: number; starting: boolean; onStart: () => void };
}

export function PlanCard({ plan, period, action, busy, locked, onAction, trial }: PlanCardProps) {
  const headingId = useId();
  // Plan cards write $0 rather than 'Free': the plan's name already says it.
  const formatPrice = (minor: number) => formatMinor(minor, plan.currency, { free: false });
  const Icon = PLAN_ICONS[plan.metadata.icon];
  const popular = plan.metadata.popular;
  const price = priceView(plan, period);
  const current = action.kind === 'current' || action.kind === 'already-free';

  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      data-plan={plan.slug}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8',
        popular && 'border-primary/60 shadow-lg shadow-primary/10 ring-1 ring-primary/60 lg:-my-4 lg:py-12',
      )}
    >
      {popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">
          <Sparkles aria-hidden />
          Most Popular
        </Badge>
      )}

      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 items-center justify-center rounded-xl bg-muted text-foreground',
            popular && 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <h3 id={headingId} className="text-xl font-semibold tracking-tight">
          {plan.name}
        </h3>
        {current && (
          <Badge variant="success" className="ml-auto">
            Your plan
          </Badge>
        )}
      </div>
      <p className="mt-3 text-sm text-muted-foreground lg:min-h-10">{plan.description}</p>

      <div className="mt-6 flex items-baseline gap-1.5">
        {price.wasMinor !== null && (
          <span className="text-lg font-medium text-muted-foreground line-through decoration-1">
            <span className="sr-only">Was </span>
            {formatPrice(price.wasMinor)}
          </span>
        )}
        <span className="text-5xl font-bold tracking-tight tabular-nums" data-testid="plan-price">
          {formatPrice(price.mainMinor)}
        </span>
        <span className="text-sm text-muted-foreground">
          {price.period === 'forever' ? 'forever' : '/ month'}
        </span>
      </div>
      <p className="mt-2 min-h-5 text-sm text-muted-foreground" data-testid="plan-billing">
        {price.period === 'forever'
          ? 'No card, no time limit'
          : price.period === 'annual'
            ? `${formatPrice(price.chargeMinor ?? 0)} billed annually`
            : 'Billed monthly'}
      </p>

      <div className="mt-6 grid gap-2">
        <PlanButton action={action} popular={popular} busy={busy} locked={locked} onAction={onAction} />
        {trial && (
          <Button
            variant="ghost"
            className="w-full text-primary hover:text-primary"
            disabled={trial.starting || locked}
            onClick={trial.onStart}
          >
            {trial.starting && <Loader2 className="animate-spin" aria-hidden />}
            Start {trial.days}-day free trial
          </Button>
        )}
      </div>

      <div className="mt-8 border-t pt-6">
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          What&apos;s included
        </p>
        <ul className="mt-4 space-y-3 text-sm">
          {plan.features.map((feature) => (
            <li key={feature.name} className={cn('flex gap-3', !feature.included && 'text-muted-foreground')}>
              {feature.included ? (
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              ) : (
                <X className="mt-0.5 size-4 shrink-0" aria-hidden />
              )}
              <span>
                {!feature.included && <span className="sr-only">Not included: </span>}
                {feature.name}
              </span>
            </li>
          ))}
          {planLimitLines(plan.limits, {
            audience: 'public',
            formatBudget: (minor) => formatMoney(minor, plan.currency),
          })
            .sort((a, b) => Number(b.included) - Number(a.included))
            .map((line) => (
              <li
                key={line.key}
                data-testid="plan-limit"
                data-limit={line.key}
                className={cn('flex gap-3', !line.included && 'text-muted-foreground')}
              >
                {line.included ? (
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                ) : (
                  <X className="mt-0.5 size-4 shrink-0" aria-hidden />
                )}
                <span>
                  {!line.included && <span className="sr-only">Not included: </span>}
                  {line.text}
                </span>
              </li>
            ))}
        </ul>
      </div>
    </article>
  );
}

function PlanButton({
  action,
  popular,
  busy,
  locked,
  onAction,
}: {
  action: PlanAction;
  popular: boolean;
  busy: boolean;
  locked: boolean;
  onAction: () => void;
}) {
  const variant = popular ? 'default' : 'outline';
  if (action.kind === 'signup') {
    return (
      <Button asChild size="lg" variant={variant} className="w-full">
        <Link to={PAGE_PATHS.signup}>{action.label}</Link>
      </Button>
    );
  }
  if (action.kind === 'manage') {
    return (
      <Button asChild size="lg" variant="outline" className="w-full">
        <Link to={`${PAGE_PATHS.settings}#billing`}>{action.label}</Link>
      </Button>
    );
  }
  if (action.kind === 'current') {
    return (
      <Button size="lg" variant="outline" className="w-full" disabled>
        {action.label}
      </Button>
    );
  }
  if (action.kind === 'already-free') {
    // Pressable, unlike a paid current plan, so it can say why choosing it changes nothing.
    return (
      <Button size="lg" variant="outline" className="w-full" onClick={onAction}>
        <Check aria-hidden />
        {action.label}
      </Button>
    );
  }
  return (
    <Button size="lg" variant={variant} className="w-full" disabled={busy || locked} onClick={onAction}>
      {busy && <Loader2 className="animate-spin" aria-hidden />}
      {busy ? 'Opening checkout…' : action.label}
    </Button>
  );
}
