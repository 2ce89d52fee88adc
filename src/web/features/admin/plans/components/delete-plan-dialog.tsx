import { LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { type AdminPlan, PLAN_MESSAGES } from '@shared/admin-plans';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
      if (result.deleted) toast.success(result.message ?? PLAN_MESSAGES.deleted);
      else toast.success('Plan deactivated', { description: result.message });
      onOpenChange(false);
    } catch {
      // The query client shows the error toast; the dialog stays open.
    }
  };

  return (
    <AlertDialog open={plan !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{PLAN_MESSAGES.deleteConfirm}</AlertDialogTitle>
          <AlertDialogDescription>
            {hasSubscribers ? PLAN_MESSAGES.hasSubscribers : PLAN_MESSAGES.cannotUndo}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            onClick={() => void confirm()}
            disabled={mutation.isPending || hasSubscribers}
          >
            {mutation.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
