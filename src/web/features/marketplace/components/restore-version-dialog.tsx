import { LoaderCircleIcon, RotateCcw } from 'lucide-react';
import type { VersionSummary } from '@shared/versions';
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
import { withToast } from '@/lib/lazy-toast';
import { useLastPresent } from '@/lib/use-last-present';
import { useRestoreVersion } from '../api/restore-version';

/** Asks before the author restores an old version, which becomes the newest one. */
export function RestoreVersionDialog({
  promptId,
  version,
  next,
  onDone,
}: {
  promptId: string;
  version: VersionSummary | null;
  next: number;
  onDone: (restored: boolean) => void;
}) {
  const restore = useRestoreVersion(promptId);
  const shown = useLastPresent(version);
  const confirm = () => {
    if (!version) return;
    restore.mutate(version.version, {
      onSuccess: (message) => {
        withToast((toast) =>
          toast.success(message ?? `Restored from version ${version.version}`, {
            description: `It is now version ${next}.`,
          }),
        );
        onDone(true);
      },
    });
  };
  return (
    <Dialog open={version !== null} onOpenChange={(open) => !open && !restore.isPending && onDone(false)}>
      <DialogContent className="sm:max-w-md" hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>Restore version {shown?.version}?</DialogTitle>
          <DialogDescription>
            Its title, description and text become version {next}, noted “Restored from version{' '}
            {shown?.version}”. The price stays as it is. Buyers and people who liked the prompt are told.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={restore.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={restore.isPending}>
            {restore.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <RotateCcw aria-hidden />
            )}
            Restore
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
