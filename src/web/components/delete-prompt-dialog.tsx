import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
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
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => {
        if (!pending) onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-md" hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>Are you sure you want to delete this prompt?</DialogTitle>
          <DialogDescription>
            {title ? <span className="font-medium text-foreground">{title}</span> : null}
            {buyers > 0
              ? ` has ${buyers === 1 ? 'a buyer' : `${buyers} buyers`}, so it will be archived instead: it leaves the marketplace and its buyers keep access.`
              : ' will be removed for good. This action cannot be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <Trash2Icon aria-hidden />}
            {buyers > 0 ? 'Archive' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
