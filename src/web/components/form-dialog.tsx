import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';

/**
 * The frame of a create/edit dialog: open while there is a target, its form rendered fresh for each target
 * (keyed by the caller) so a cancelled edit leaves nothing behind.
 */
export function FormDialog<T>({
  target,
  onOpenChange,
  className,
  children,
}: {
  target: T | null;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: (target: T) => ReactNode;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{target !== null ? children(target) : null}</DialogContent>
    </Dialog>
  );
}

/** Cancel and submit for a dialog's form; both wait while it saves, the submit with a spinner. */
export function FormDialogFooter({
  pending,
  submitLabel,
  submitDisabled = false,
}: {
  pending: boolean;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending || submitDisabled}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
