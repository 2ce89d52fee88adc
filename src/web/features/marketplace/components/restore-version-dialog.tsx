import { RotateCcw } from 'lucide-react';
import type { VersionSummary } from '@shared/versions';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      open={version !== null}
      onOpenChange={(open) => !open && onDone(false)}
      pending={restore.isPending}
      variant="default"
      title={`Restore version ${shown?.version}?`}
      description={
        <>
          Its title, description and text become version {next}, noted “Restored from version {shown?.version}
          ”. The price stays as it is. Buyers and people who liked the prompt are told.
        </>
      }
      icon={<RotateCcw aria-hidden />}
      confirmLabel="Restore"
      onConfirm={confirm}
    />
  );
}
