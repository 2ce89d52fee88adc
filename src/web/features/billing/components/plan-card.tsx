import { Building2, Check, Sparkles, Zap } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPrice as formatMinor } from '@/lib/format';
import { type BillingPeriod, annualMonthlyMinor, annualTotalMinor } from '../lib/price';
import type { PlanId, StaticPlan } from '../lib/static-plans';

// Plan cards write $0 rather than 'Free': the plan's name already says it.
const formatPrice = (minor: number) => formatMinor(minor, undefined, { free: false });

const PLAN_ICONS: Record<PlanId, typeof Zap> = {
  free: Zap,
  premium: Sparkles,
  business: Building2,
};

interface PlanCardProps {
  plan: StaticPlan;
  period: BillingPeriod;
}

export function PlanCard({ plan, period }: PlanCardProps) {
  const headingId = useId();
  const Icon = PLAN_ICONS[plan.id];
  const isFree = plan.monthlyMinor === 0;
  const annual = period === 'annual' && !isFree;
  const perMonth = annual ? annualMonthlyMinor(plan.monthlyMinor) : plan.monthlyMinor;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8',
        plan.popular &&
          'border-primary/60 shadow-lg shadow-primary/10 ring-1 ring-primary/60 lg:-my-4 lg:py-12',
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">
          <Sparkles aria-hidden />
          Most Popular
        </Badge>
      )}

      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-10 items-center justify-center rounded-xl bg-muted text-foreground',
            plan.popular && 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <h3 id={headingId} className="text-xl font-semibold tracking-tight">
          {plan.name}
        </h3>
      </div>
      <p className="mt-3 text-sm text-muted-foreground lg:min-h-10">{plan.description}</p>

      <div className="mt-6 flex items-baseline gap-1.5">
        {annual && (
          <span className="text-lg font-medium text-muted-foreground line-through decoration-1">
            <span className="sr-only">Was </span>
            {formatPrice(plan.monthlyMinor)}
          </span>
        )}
        <span className="text-5xl font-bold tracking-tight tabular-nums" data-testid="plan-price">
          {formatPrice(perMonth)}
        </span>
        <span className="text-sm text-muted-foreground">{isFree ? 'forever' : '/ month'}</span>
      </div>
      <p className="mt-2 min-h-5 text-sm text-muted-foreground">
        {isFree
          ? 'No card, no time limit'
          : annual
            ? `${formatPrice(annualTotalMinor(plan.monthlyMinor))} billed annually`
            : 'Billed monthly'}
      </p>

      <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'} className="mt-6 w-full">
        <Link to={plan.cta.to}>{plan.cta.label}</Link>
      </Button>

      <div className="mt-8 border-t pt-6">
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          What&apos;s included
        </p>
        <ul className="mt-4 space-y-3 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
