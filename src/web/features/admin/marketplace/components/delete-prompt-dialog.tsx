import { LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_PROMPT_MESSAGES, type AdminPrompt } from '@shared/admin-prompts';
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
import { useDeleteAdminPrompt } from '../api/delete-admin-prompt';
import { failureMessage } from '../lib/failure';

/** Delete, or archive when the prompt has buyers (they keep access); the toast says which happened. */
export function DeletePromptDialog({
  prompt,
  onOpenChange,
}: {
  prompt: AdminPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useDeleteAdminPrompt();
  const buyers = prompt?.analytics.buyers ?? 0;

  const confirm = async () => {
    if (!prompt) return;
    try {
      const result = await mutation.mutateAsync(prompt.id);
      if (result.archived) toast.success('Prompt archived', { description: result.message });
      else toast.success(result.message ?? ADMIN_PROMPT_MESSAGES.deleted);
      onOpenChange(false);
    } catch (error) {
      toast.error('Error', { description: failureMessage(error, ADMIN_PROMPT_MESSAGES.deleteFailed) });
    }
  };

  return (
    <AlertDialog open={prompt !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete prompt?</AlertDialogTitle>
          <AlertDialogDescription>
            {buyers > 0
              ? `“${prompt?.title}” has ${buyers} buyer${buyers === 1 ? '' : 's'}, so it will be archived instead: it leaves the marketplace and its buyers keep access.`
              : `“${prompt?.title ?? ''}” will be removed for good. This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={mutation.isPending}>
            {mutation.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            {buyers > 0 ? 'Archive' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
