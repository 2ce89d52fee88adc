import { useState } from 'react';
import { Link } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { type AdminPlan, PLAN_MESSAGES } from '@shared/admin-plans';
import { PAGE_PATHS } from '@shared/routes';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { listNames } from '@/lib/plan-limits';
import { useSavePlan } from '../api/save-plan';
import {
  EMPTY_PLAN_FORM,
  type PlanFormValues,
  formValuesOf,
  planBody,
  validatePlanForm,
} from '../lib/plan-form';
import { ListEditor } from './list-editor';

/** Create mode (no plan) or edit mode (spec section 4, Plan dialog). */
export type PlanDialogTarget = { mode: 'create' } | { mode: 'edit'; plan: AdminPlan } | null;

export function PlanFormDialog({
  target,
  onOpenChange,
}: {
  target: PlanDialogTarget;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      target={target}
      onOpenChange={onOpenChange}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
    >
      {(t) => (
        <PlanForm
          key={t.mode === 'edit' ? t.plan.id : 'create'}
          plan={t.mode === 'edit' ? t.plan : null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const [values, setValues] = useState<PlanFormValues>(plan ? formValuesOf(plan) : EMPTY_PLAN_FORM);
  const save = useSavePlan();
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validatePlanForm(values);
    if (problem) {
      withToast((toast) => toast.error(problem.title, { description: problem.description }));
      return;
    }
    try {
      const { message } = await save.mutateAsync({ id: plan?.id ?? null, body: planBody(values) });
      withToast((toast) => toast.success(message ?? (plan ? PLAN_MESSAGES.updated : PLAN_MESSAGES.created)));
      onDone();
    } catch (error) {
      withToast((toast) =>
        toast.error(PLAN_MESSAGES.saveFailed, {
          description: error instanceof ApiError && error.message ? error.message : PLAN_MESSAGES.unexpected,
        }),
      );
    }
  };

  const number = (
    key:
      | 'priority'
      | 'monthlyPrice'
      | 'annualPrice'
      | 'maxUsers'
      | 'maxProjects'
      | 'maxStorage'
      | 'sessions'
      | 'testBudget'
      | 'teamSessions',
    label: string,
    options: { step?: number; min?: number; prefix?: string; disabled?: boolean } = {},
  ) => (
    <div className="grid gap-2">
      <Label htmlFor={`plan-${key}`}>{label}</Label>
      <div className="relative">
        {options.prefix ? (
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
            {options.prefix}
          </span>
        ) : null}
        <Input
          id={`plan-${key}`}
          type="number"
          inputMode="decimal"
          step={options.step ?? 1}
          min={options.min ?? 1}
          value={values[key]}
          disabled={options.disabled}
          onChange={(e) => set(key, e.target.value)}
          className={options.prefix ? 'pl-7' : undefined}
        />
      </div>
    </div>
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{plan ? `Edit ${plan.name}` : 'Create Plan'}</DialogTitle>
        <DialogDescription>
          {plan
            ? 'Changes apply at once, including the playground allowance of everyone on this plan.'
            : 'A new plan appears on the pricing page when it is active.'}
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={save.isPending} className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="plan-name">Plan Name</Label>
          <Input
            id="plan-name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={60}
          />
        </div>
        {number('priority', 'Priority')}
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="plan-description">Description</Label>
          <Textarea
            id="plan-description"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={500}
            className="min-h-16"
          />
        </div>
        {number('monthlyPrice', 'Monthly Price', { step: 0.01, min: 0, prefix: '$' })}
        {number('annualPrice', 'Annual Price', { step: 0.01, min: 0, prefix: '$' })}
        {number('maxUsers', 'Max Users')}
        {number('maxProjects', 'Max Projects')}
        {number('maxStorage', 'Storage (GB)')}
        <div className="grid gap-2">
          <Label htmlFor="plan-sessions">Playground sessions / month</Label>
          <div className="flex items-center gap-3">
            <Input
              id="plan-sessions"
              type="number"
              min={0}
              step={1}
              value={values.unlimitedSessions ? '' : values.sessions}
              placeholder={values.unlimitedSessions ? 'Unlimited' : undefined}
              disabled={values.unlimitedSessions}
              onChange={(e) => set('sessions', e.target.value)}
            />
            <div className="flex shrink-0 items-center gap-2">
              <Switch
                id="plan-unlimited"
                checked={values.unlimitedSessions}
                onCheckedChange={(v) => set('unlimitedSessions', v)}
              />
              <Label htmlFor="plan-unlimited" className="font-normal">
                Unlimited
              </Label>
            </div>
          </div>
        </div>
        {number('testBudget', 'Test budget / month', { step: 0.01, min: 0, prefix: '$' })}
        {number('teamSessions', 'Team pool: sessions / month', { min: 0 })}
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <Label htmlFor="plan-api" className="grid gap-0.5">
            API access
            <span className="text-xs font-normal text-muted-foreground">API keys and the MCP server</span>
          </Label>
          <Switch id="plan-api" checked={values.apiAccess} onCheckedChange={(v) => set('apiAccess', v)} />
        </div>
        <p className="text-sm text-muted-foreground sm:col-span-2" data-testid="plan-models">
          Models:{' '}
          {plan
            ? listNames(plan.limits.models.map((m) => m.name)) || 'none'
            : 'every configured model, until you choose some'}
          . Choose them on the{' '}
          <Link to={PAGE_PATHS.adminModels} className="text-primary underline underline-offset-4">
            Models page
          </Link>
          .
        </p>
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <Label htmlFor="plan-active" className="grid gap-0.5">
            Active
            <span className="text-xs font-normal text-muted-foreground">Customers can subscribe</span>
          </Label>
          <Switch id="plan-active" checked={values.isActive} onCheckedChange={(v) => set('isActive', v)} />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <Label htmlFor="plan-popular" className="grid gap-0.5">
            Popular
            <span className="text-xs font-normal text-muted-foreground">Shows the Most Popular badge</span>
          </Label>
          <Switch id="plan-popular" checked={values.isPopular} onCheckedChange={(v) => set('isPopular', v)} />
        </div>
        <div className="sm:col-span-2">
          <ListEditor
            label="Features"
            placeholder="e.g. Publish and sell your own prompts"
            items={values.features}
            onChange={(items) => set('features', items)}
          />
        </div>
        <div className="sm:col-span-2">
          <ListEditor
            label="Limitations"
            placeholder="e.g. Premium prompts are bought separately"
            items={values.limitations}
            onChange={(items) => set('limitations', items)}
            tone="negative"
          />
        </div>
      </fieldset>
      <FormDialogFooter pending={save.isPending} submitLabel={plan ? 'Update Plan' : 'Create Plan'} />
    </form>
  );
}
