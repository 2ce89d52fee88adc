import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import type { AdminModel } from '@shared/admin-models';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { useSavePlanModels } from '../api/save-plan-models';

interface PlanOption {
  id: string;
  name: string;
}

function PlanModelsForm({ plan, models }: { plan: PlanOption; models: AdminModel[] }) {
  const listed = models.filter((m) => m.plans.some((p) => p.planId === plan.id));
  const [chosen, setChosen] = useState(() => new Set(listed.map((m) => m.key)));
  const [defaultKey, setDefaultKey] = useState<string | null>(
    listed.find((m) => m.plans.some((p) => p.planId === plan.id && p.default))?.key ?? null,
  );
  const save = useSavePlanModels();
  const toggle = (key: string) => {
    const next = new Set(chosen);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setChosen(next);
    if (!next.has(defaultKey ?? '')) setDefaultKey(null);
  };
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { planId: plan.id, models: [...chosen], default: defaultKey },
          { onSuccess: () => withToast((toast) => toast.success(`Models of ${plan.name} saved`)) },
        );
      }}
    >
      <p className="text-sm text-muted-foreground">
        {chosen.size === 0
          ? 'No model chosen: this plan may use every model.'
          : `${chosen.size} models chosen.`}
      </p>
      <ul className="grid gap-1.5">
        {models.map((m) => (
          <li key={m.key} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <label className="flex min-w-0 items-center gap-2">
              <input type="checkbox" checked={chosen.has(m.key)} onChange={() => toggle(m.key)} />
              <span className="truncate">
                {m.name} <span className="font-mono text-xs text-muted-foreground">{m.key}</span>
              </span>
            </label>
            {chosen.has(m.key) ? (
              <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <input
                  type="radio"
                  name={`default-${plan.id}`}
                  checked={defaultKey === m.key}
                  onChange={() => setDefaultKey(m.key)}
                />
                Default
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save models of {plan.name}
        </Button>
      </div>
    </form>
  );
}

/** Which models a plan may use, and its default. */
export function PlanModelsCard({ plans, models }: { plans: PlanOption[]; models: AdminModel[] }) {
  const [planId, setPlanId] = useState(plans[0]?.id ?? '');
  const plan = plans.find((p) => p.id === planId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Models per plan</CardTitle>
        <CardDescription>
          Choose the models each plan offers in the playground, and its default.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NativeSelect
          aria-label="Plan"
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
          containerClassName="max-w-xs"
        >
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
        {plan ? <PlanModelsForm key={plan.id} plan={plan} models={models} /> : null}
      </CardContent>
    </Card>
  );
}
