import { withToast } from '@/lib/lazy-toast';
import { type AdminPlan, PLAN_MESSAGES } from '@shared/admin-plans';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeletePlan } from '../api/delete-plan';

/** Spec section 2: the delete dialog's texts; a plan with subscribers cannot be deleted. */
export function DeletePlanDialog({
  plan,
  onOpenChange,
}: {
  plan: AdminPlan | null;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useDeletePlan();
  const hasSubscribers = (plan?.analytics.totalSubscribers ?? 0) > 0;

  const confirm = async () => {
    if (!plan) return;
    try {
      const result = await mutation.mutateAsync(plan.id);
      if (result.deleted) withToast((toast) => toast.success(result.message ?? PLAN_MESSAGES.deleted));
      else withToast((toast) => toast.success('Plan deactivated', { description: result.message }));
      onOpenChange(false);
    } catch {
      // The query client shows the error toast; the dialog stays open.
    }
  };

  return (
    <ConfirmDialog
      mustAnswer
      open={plan !== null}
      onOpenChange={onOpenChange}
      pending={mutation.isPending}
      title={PLAN_MESSAGES.deleteConfirm}
      description={hasSubscribers ? PLAN_MESSAGES.hasSubscribers : PLAN_MESSAGES.cannotUndo}
      confirmLabel="Delete"
      confirmDisabled={hasSubscribers}
      onConfirm={() => void confirm()}
    />
  );
}
