import { useWatch } from 'react-hook-form';
import { NOTE_MAX } from '@shared/versions';
import { Field, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { PromptForm } from './prompt-fields';

/**
 * The changelog note of the version a save makes (issue 57): shown in the prompt's version history
 * and in the notice its buyers and likers get. Required once the prompt has been published.
 */
export function ChangelogNoteField({ form, required }: { form: PromptForm; required: boolean }) {
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const error = form.formState.errors.note?.message;
  return (
    <Field
      id="edit-note"
      label="What changed?"
      required={required}
      error={error}
      count={{ value: note.length, max: NOTE_MAX }}
      hint={
        required
          ? 'Shown in the version history and sent to buyers and people who liked it.'
          : 'Optional: shown in the version history once the prompt is published.'
      }
    >
      <Input
        {...describedBy('edit-note', error)}
        placeholder="e.g. Clearer steps for long documents"
        autoComplete="off"
        {...form.register('note')}
      />
    </Field>
  );
}
