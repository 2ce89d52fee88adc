import { RotateCwIcon } from 'lucide-react';
import { withToast } from '@/lib/lazy-toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminModels } from '../models/api/get-admin-models';
import { useRefreshModelLists } from '../models/api/refresh-model-lists';
import { DefaultPresetCard } from '../models/components/default-preset-card';
import { ModelTable } from '../models/components/model-table';
import { PlanModelsCard } from '../models/components/plan-models-card';
import { useAdminPlans } from '../plans/api/get-admin-plans';

/** /admin/models: the configured models, their status and price, the models of each plan and the default chat preset (the cost: the dashboard). */
export function AdminModelsPage() {
  const models = useAdminModels();
  const plans = useAdminPlans();
  const refresh = useRefreshModelLists();
  const currency = plans.data?.currency ?? 'USD';
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Models</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            The providers and models the playground offers, as configured on the server (README: AI
            configuration).
          </p>
        </div>
        <Button
          variant="outline"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: () => withToast((toast) => toast.success('Model lists read again')),
            })
          }
        >
          <RotateCwIcon aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
          Refresh model lists
        </Button>
      </div>
      {models.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load models</AlertTitle>
          <AlertDescription>Please try refreshing the page.</AlertDescription>
        </Alert>
      ) : !models.data ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <ModelTable models={models.data} currency={currency} />
          {plans.data ? (
            <PlanModelsCard
              plans={plans.data.plans.map((p) => ({ id: p.id, name: p.name }))}
              models={models.data}
            />
          ) : null}
          <DefaultPresetCard models={models.data} />
        </>
      )}
    </div>
  );
}
