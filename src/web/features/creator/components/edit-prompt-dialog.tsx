import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { withToast } from '@/lib/lazy-toast';
import { CreatePromptSchema, type CreatorPrompt } from '@shared/creator';
import { FormDialogFooter } from '@/components/form-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useUpdatePrompt } from '../api/update-prompt';
import { useLastPresent } from '@/lib/use-last-present';
import {
  type PromptFormInput,
  type PromptFormOutput,
  markServerFieldErrors,
  promptFormValues,
  promptRequestBody,
} from '../lib/prompt-form';
import { ChangelogNoteField } from './changelog-note-field';
import { PromptFields } from './prompt-fields';

/** Edit (spec section 2): every field of the Upload form, saved with PUT; the dialog stays open on failure. */
export function EditPromptDialog({
  prompt: target,
  onOpenChange,
}: {
  prompt: CreatorPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  const prompt = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {/* Keyed by prompt: each opening starts from that prompt's saved values. */}
        {prompt ? (
          <EditPromptForm key={prompt.id} prompt={prompt} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditPromptForm({ prompt, onDone }: { prompt: CreatorPrompt; onDone: () => void }) {
  const form = useForm<PromptFormInput, unknown, PromptFormOutput>({
    resolver: zodResolver(CreatePromptSchema),
    defaultValues: promptFormValues(prompt),
  });
  const updatePrompt = useUpdatePrompt();
  // A prompt others have seen gets a new version on each change of its text: ask what changed.
  const versioned = prompt.publishedAt !== null;

  const onSubmit = form.handleSubmit(async (values) => {
    const textChanged = (['title', 'description', 'content', 'isPaid', 'price'] as const).some(
      (f) => form.formState.dirtyFields[f],
    );
    if (versioned && textChanged && !values.note) {
      form.setError(
        'note',
        { type: 'required', message: 'Add a short note on what changed' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const { message } = await updatePrompt.mutateAsync({ id: prompt.id, body: promptRequestBody(values) });
      withToast((toast) =>
        toast.success(message ?? 'Prompt updated successfully!', {
          description:
            versioned && textChanged
              ? 'A new version is listed on its page; buyers and likers are told.'
              : undefined,
        }),
      );
      onDone();
    } catch (error) {
      markServerFieldErrors(error, form.setError);
    }
  });

  const saving = updatePrompt.isPending;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Edit prompt</DialogTitle>
        <DialogDescription>
          {prompt.status === 'published'
            ? 'Changes go live at once as a new version; the earlier ones stay in its history.'
            : 'Changes are saved to your prompt; its status stays as it is.'}
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={saving} className="contents">
        <PromptFields form={form} idPrefix="edit" layout="dialog" />
        <ChangelogNoteField form={form} required={versioned} />
      </fieldset>
      <FormDialogFooter
        pending={saving}
        submitDisabled={!form.formState.isDirty}
        submitLabel="Save Changes"
      />
    </form>
  );
}
