import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import type { CreatorPrompt } from '@shared/creator';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDeletePrompt } from '../api/delete-prompt';
import { useLastPresent } from '../hooks/use-last-present';

/** Spec section 2: Delete asks 'Are you sure you want to delete this prompt?' first. */
export function DeletePromptDialog({
  prompt: target,
  onOpenChange,
}: {
  prompt: CreatorPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  const prompt = useLastPresent(target);
  const deletePrompt = useDeletePrompt();
  const deleting = deletePrompt.isPending;
  const hasBuyers = (prompt?.buyers ?? 0) > 0;

  const confirm = async () => {
    if (!prompt) return;
    try {
      const result = await deletePrompt.mutateAsync(prompt.id);
      toast.success(
        result.message ??
          (result.archived ? 'Prompt archived: its buyers keep access.' : 'Prompt deleted successfully!'),
      );
      onOpenChange(false);
    } catch {
      // The query client shows the error toast; the dialog stays open to try again.
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!deleting) onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-md" hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>Are you sure you want to delete this prompt?</DialogTitle>
          <DialogDescription>
            {prompt ? <span className="font-medium text-foreground">{prompt.title}</span> : null}
            {hasBuyers
              ? ` has ${prompt?.buyers === 1 ? 'a buyer' : `${prompt?.buyers} buyers`}, so it will be archived instead: it leaves the marketplace and its buyers keep access.`
              : ' will be removed for good. This action cannot be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void confirm()} disabled={deleting}>
            {deleting ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <Trash2Icon aria-hidden />
            )}
            {hasBuyers ? 'Archive' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
