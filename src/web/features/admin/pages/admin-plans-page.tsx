import {
  CreditCardIcon,
  LayersIcon,
  LoaderCircleIcon,
  PercentIcon,
  PlusIcon,
  RefreshCwIcon,
  TriangleAlertIcon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { type AdminPlan, PLAN_MESSAGES } from '@shared/admin-plans';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatMoney, formatNumber } from '@/lib/format';
import { StatCard, StatCardSkeleton } from '@/components/stat-card';
import { useAdminPlans } from '../plans/api/get-admin-plans';
import { usePlanAnalytics } from '../plans/api/get-plan-analytics';
import { DeletePlanDialog } from '../plans/components/delete-plan-dialog';
import { PlanCard } from '../plans/components/plan-card';
import { type PlanDialogTarget, PlanFormDialog } from '../plans/components/plan-form-dialog';
import { sortPlans } from '../plans/lib/plan-form';

/** /admin/plans: the spec's 'Plans Management' screen on live data. */
export function AdminPlansPage() {
  const plans = useAdminPlans();
  const summary = usePlanAnalytics();
  const [annual, setAnnual] = useState(false);
  const [dialog, setDialog] = useState<PlanDialogTarget>(null);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);
  const refreshing = plans.isFetching || summary.isFetching;
  const refresh = () => {
    void plans.refetch();
    void summary.refetch();
  };

  if (plans.isPending) {
    return (
      <div className="grid min-h-80 place-items-center" role="status" aria-label="Loading plans">
        <LoaderCircleIcon className="size-8 animate-spin text-muted-foreground" aria-hidden />
      </div>
    );
  }

  if (plans.isError) {
    return (
      <Card className="mx-auto grid max-w-md place-items-center gap-3 px-6 py-12 text-center" role="alert">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
        <div>
          <p className="font-medium">{PLAN_MESSAGES.loadFailed}</p>
          <p className="mt-1 text-sm text-muted-foreground">{PLAN_MESSAGES.loadHint}</p>
        </div>
        <Button variant="outline" onClick={refresh}>
          <RefreshCwIcon aria-hidden />
          Retry
        </Button>
      </Card>
    );
  }

  const s = summary.data;
  const currency = plans.data.currency;
  return (
    <div className="grid gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Plans Management</h1>
          <p className="mt-1 text-muted-foreground">
            Prices, features and playground allowances of every plan.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={refresh} disabled={refreshing}>
            <RefreshCwIcon className={refreshing ? 'animate-spin' : undefined} aria-hidden />
            Refresh
          </Button>
          <Button onClick={() => setDialog({ mode: 'create' })}>
            <PlusIcon aria-hidden />
            Create Plan
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {s ? (
          <>
            <StatCard
              label="Total Plans"
              value={formatNumber(s.totalPlans)}
              icon={<LayersIcon />}
              footer={`${formatNumber(s.activePlans)} active`}
            />
            <StatCard
              label="Total Subscribers"
              value={formatNumber(s.totalSubscribers)}
              icon={<UsersIcon />}
              footer="On a paid plan or trial"
            />
            <StatCard
              label="Monthly Revenue"
              value={formatMoney(s.monthlyRevenueMinor, s.currency)}
              icon={<CreditCardIcon />}
              footer="From current paid subscriptions"
            />
            <StatCard
              label="Conversion Rate"
              value={`${s.conversionRate.toFixed(1)}%`}
              icon={<PercentIcon />}
              footer={`Subscribers of ${formatNumber(s.totalUsers)} users`}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)
        )}
      </div>

      <div className="flex items-center justify-end gap-3">
        <Label htmlFor="bill-annually" className="text-sm">
          Bill annually
        </Label>
        <Switch id="bill-annually" checked={annual} onCheckedChange={setAnnual} />
      </div>

      {plans.data.plans.length === 0 ? (
        <Card className="grid place-items-center gap-2 px-6 py-14 text-center">
          <LayersIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No plans yet</p>
          <p className="text-sm text-muted-foreground">Create the first plan customers can subscribe to.</p>
        </Card>
      ) : (
        <div className="grid gap-6 pt-2 md:grid-cols-2 xl:grid-cols-3">
          {sortPlans(plans.data.plans).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={{ ...plan, currency: plan.currency || currency }}
              annual={annual}
              onEdit={() => setDialog({ mode: 'edit', plan })}
              onDelete={() => setDeleting(plan)}
            />
          ))}
        </div>
      )}

      <PlanFormDialog target={dialog} onOpenChange={(open) => !open && setDialog(null)} />
      <DeletePlanDialog plan={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
