import {
  Building2Icon,
  CheckIcon,
  CrownIcon,
  PencilIcon,
  StarIcon,
  Trash2Icon,
  UsersIcon,
  XIcon,
  ZapIcon,
} from 'lucide-react';
import type { AdminPlan } from '@shared/admin-plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber, formatPrice } from '@/lib/format';
import { planLimitLines } from '@/lib/plan-limits';
import { type PlanIconKind, displayPrice, planIconKind } from '../lib/plan-form';

const ICONS: Record<PlanIconKind, typeof StarIcon> = {
  free: StarIcon,
  pro: CrownIcon,
  enterprise: Building2Icon,
  other: ZapIcon,
};

/** One plan: badge, icon by name, description, price for the billing mode, features, figures, Edit and Delete. */
export function PlanCard({
  plan,
  annual,
  onEdit,
  onDelete,
}: {
  plan: AdminPlan;
  annual: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const Icon = ICONS[planIconKind(plan.name)];
  const price = displayPrice(plan, annual);
  const subscribers = plan.analytics.totalSubscribers;
  return (
    <Card
      data-testid="admin-plan-card"
      data-plan-name={plan.name}
      className={cn(
        'relative flex flex-col p-5',
        plan.metadata.popular && 'border-primary shadow-md ring-1 shadow-primary/10 ring-primary/40',
        !plan.isActive && 'opacity-75',
      )}
    >
      {plan.metadata.popular ? (
        <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2 shadow-sm">Most Popular</Badge>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-lg leading-tight font-semibold">{plan.name}</h2>
            <p className="text-xs text-muted-foreground">Order {plan.metadata.order}</p>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-1">
          {plan.isActive ? (
            <Badge variant="success">Active</Badge>
          ) : (
            <Badge variant="secondary">Inactive</Badge>
          )}
          {plan.isVisible ? null : <Badge variant="outline">Hidden</Badge>}
        </div>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{plan.description}</p>
      <div className="mt-4">
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-semibold tracking-tight tabular-nums">
            {formatPrice(price.minor, plan.currency, { free: false })}
          </span>
          <span className="text-sm text-muted-foreground">/{price.period}</span>
        </p>
        {price.billedAnnuallyMinor !== null ? (
          <p className="text-xs text-muted-foreground">
            {formatPrice(price.billedAnnuallyMinor, plan.currency, { free: false })}/month billed annually
          </p>
        ) : null}
      </div>
      <ul className="mt-3 grid gap-1 text-xs font-medium" aria-label="Limits">
        {planLimitLines(plan.limits, {
          audience: 'admin',
          formatBudget: (minor) => formatMoney(minor, plan.currency),
        }).map((line) => (
          <li
            key={line.key}
            data-testid="admin-plan-limit"
            data-limit={line.key}
            className={cn(!line.included && 'text-muted-foreground')}
          >
            {line.text}
          </li>
        ))}
      </ul>
      <ul className="mt-3 grid flex-1 content-start gap-1.5 text-sm">
        {plan.features.map((f) => (
          <li key={f.name} className="flex items-start gap-2">
            {f.included ? (
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            ) : (
              <XIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className={cn(!f.included && 'text-muted-foreground line-through')}>{f.name}</span>
          </li>
        ))}
        {plan.limitations.map((l) => (
          <li key={`limit-${l}`} className="flex items-start gap-2 text-muted-foreground">
            <XIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{l}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
        <div>
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <UsersIcon className="size-3.5" aria-hidden />
            Subscribers
          </dt>
          <dd className="font-semibold tabular-nums">{formatNumber(subscribers)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Revenue</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(plan.analytics.totalRevenueMinor, plan.currency)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
          <PencilIcon aria-hidden />
          Edit
        </Button>
        <Button
          variant="outline"
          onClick={onDelete}
          disabled={subscribers > 0}
          title={subscribers > 0 ? 'This plan has active subscribers and cannot be deleted.' : undefined}
          aria-label={`Delete ${plan.name}`}
          className="text-destructive hover:text-destructive"
        >
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </div>
    </Card>
  );
}
