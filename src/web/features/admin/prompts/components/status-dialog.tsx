import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import type { AdminPrompt } from '@shared/admin-prompts';
import { PROMPT_STATUSES, type PromptStatus } from '@shared/constants';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSetAdminPromptStatus } from '../api/set-admin-prompt-status';
import { promptStatusLabel } from '@/components/prompt-status-badge';

/** Moderation: a new status with a note the creator sees in their studio. */
export function StatusDialog({
  prompt,
  onOpenChange,
}: {
  prompt: AdminPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog target={prompt} onOpenChange={onOpenChange} className="sm:max-w-lg">
      {(p) => <StatusForm key={p.id} prompt={p} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function StatusForm({ prompt, onDone }: { prompt: AdminPrompt; onDone: () => void }) {
  const [status, setStatus] = useState<PromptStatus>(prompt.status);
  const [notes, setNotes] = useState(prompt.moderationNote ?? '');
  const mutation = useSetAdminPromptStatus();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await mutation.mutateAsync({ id: prompt.id, body: { status, notes: notes.trim() || undefined } });
      withToast((toast) =>
        toast.success(`Status set to ${promptStatusLabel(status)}`, {
          description: notes.trim() ? 'The creator sees your note in their studio.' : undefined,
        }),
      );
      onDone();
    } catch {
      // The query client shows the error toast; the dialog stays open.
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Change status</DialogTitle>
        <DialogDescription>
          &ldquo;{prompt.title}&rdquo; by {prompt.author.name}. Rejected and archived prompts leave the
          marketplace.
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={mutation.isPending} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="moderation-status">Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as PromptStatus)}>
            <SelectTrigger id="moderation-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PROMPT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {promptStatusLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="moderation-notes">Note to the creator</Label>
          <Textarea
            id="moderation-notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={1000}
            placeholder="Why this status? The creator sees this note next to the prompt."
          />
        </div>
      </fieldset>
      <FormDialogFooter pending={mutation.isPending} submitLabel="Update status" />
    </form>
  );
}
