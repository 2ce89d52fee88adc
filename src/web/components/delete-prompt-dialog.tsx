import { Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLastPresent } from '@/lib/use-last-present';

/**
 * Spec section 2: Delete asks 'Are you sure you want to delete this prompt?' first. A prompt with buyers is
 * archived instead (they keep access), and the dialog says so. It stays open while the deletion runs.
 */
export function DeletePromptDialog({
  prompt,
  pending,
  onConfirm,
  onOpenChange,
}: {
  prompt: { title: string; buyers: number } | null;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  // What the dialog shows while it animates out after closing.
  const title = useLastPresent(prompt ? prompt.title : null);
  const buyers = useLastPresent(prompt ? prompt.buyers : null) ?? 0;

  return (
    <ConfirmDialog
      open={prompt !== null}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Are you sure you want to delete this prompt?"
      description={
        <>
          {title ? <span className="font-medium text-foreground">{title}</span> : null}
          {buyers > 0
            ? ` has ${buyers === 1 ? 'a buyer' : `${buyers} buyers`}, so it will be archived instead: it leaves the marketplace and its buyers keep access.`
            : ' will be removed for good. This action cannot be undone.'}
        </>
      }
      icon={<Trash2Icon aria-hidden />}
      confirmLabel={buyers > 0 ? 'Archive' : 'Delete'}
      onConfirm={onConfirm}
    />
  );
}
