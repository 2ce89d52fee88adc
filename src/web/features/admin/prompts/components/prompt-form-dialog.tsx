import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { ADMIN_PROMPT_MESSAGES, type AdminPrompt } from '@shared/admin-prompts';
import { PRICE_MAX, PRICE_MIN } from '@shared/pricing';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  PROMPT_STATUSES,
  PROMPT_TYPES,
  type PromptStatus,
  type PromptType,
} from '@shared/constants';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, describedBy } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { useCreateAdminPrompt } from '../api/create-admin-prompt';
import { useUpdateAdminPrompt } from '../api/update-admin-prompt';
import { failureMessage } from '../lib/failure';
import {
  EMPTY_PROMPT_FORM,
  PROMPT_FORM_FIELDS,
  type PromptFormField,
  type PromptFormValues,
  createBody,
  formValuesOf,
  updateBody,
  validatePromptForm,
} from '../lib/prompt-form';
import { promptStatusLabel } from '@/components/prompt-status-badge';

/** Which dialog is open: a new prompt, or an existing one to edit. */
export type PromptDialogTarget = { mode: 'create' } | { mode: 'edit'; prompt: AdminPrompt } | null;

/** Create and edit (spec sections 2 and 5): the admin prompt form with its validation and toasts. */
export function PromptFormDialog({
  target,
  onOpenChange,
}: {
  target: PromptDialogTarget;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      target={target}
      onOpenChange={onOpenChange}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
    >
      {(t) => (
        <PromptForm
          key={t.mode === 'edit' ? t.prompt.id : 'create'}
          prompt={t.mode === 'edit' ? t.prompt : null}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

const TYPE_LABELS: Record<PromptType, string> = { free: 'Free', premium: 'Premium' };

function PromptForm({ prompt, onDone }: { prompt: AdminPrompt | null; onDone: () => void }) {
  const [values, setValues] = useState<PromptFormValues>(prompt ? formValuesOf(prompt) : EMPTY_PROMPT_FORM);
  const [errors, setErrors] = useState<FieldErrors<PromptFormField>>({});
  const create = useCreateAdminPrompt();
  const update = useUpdateAdminPrompt();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof PromptFormValues>(key: K, value: PromptFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = validatePromptForm(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      withToast((toast) =>
        toast.error(ADMIN_PROMPT_MESSAGES.validationTitle, { description: problem.message }),
      );
      document.getElementById(`prompt-${problem.field}`)?.focus();
      return;
    }
    try {
      if (prompt) {
        const { message } = await update.mutateAsync({ id: prompt.id, body: updateBody(prompt, values) });
        withToast((toast) => toast.success(message ?? ADMIN_PROMPT_MESSAGES.updated));
      } else {
        const { message } = await create.mutateAsync(createBody(values));
        withToast((toast) => toast.success(message ?? ADMIN_PROMPT_MESSAGES.created));
      }
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
        setErrors(serverFieldErrors(error, PROMPT_FORM_FIELDS));
        withToast((toast) =>
          toast.error(ADMIN_PROMPT_MESSAGES.validationTitle, { description: error.message }),
        );
        return;
      }
      withToast((toast) =>
        toast.error('Error', { description: failureMessage(error, ADMIN_PROMPT_MESSAGES.saveFailed) }),
      );
    }
  };

  const priceHint =
    values.type === 'free'
      ? 'Free prompts cost nothing.'
      : `Between $${PRICE_MIN.toFixed(2)} and $${PRICE_MAX}.`;
  const id = (field: PromptFormField) => `prompt-${field}`;
  const fieldProps = (field: PromptFormField) => ({ id: id(field), error: errors[field] });
  const a11y = (field: PromptFormField) => describedBy(id(field), errors[field]);

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{prompt ? 'Edit prompt' : 'Create prompt'}</DialogTitle>
        <DialogDescription>
          {prompt
            ? `By ${prompt.author.name} (${prompt.author.email}). Status, featured and trending save on their own; a change to the text also keeps the previous version.`
            : 'The prompt is published under your admin account.'}
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
        <Field {...fieldProps('title')} label="Title" required className="sm:col-span-2">
          <Input
            {...a11y('title')}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={120}
          />
        </Field>
        <Field {...fieldProps('description')} label="Description" required className="sm:col-span-2">
          <Textarea
            {...a11y('description')}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={500}
            className="min-h-16"
          />
        </Field>
        <Field {...fieldProps('content')} label="Content" required className="sm:col-span-2">
          <Textarea
            {...a11y('content')}
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
            className="min-h-32 font-mono text-xs"
            placeholder="At least 10 characters. Use {{variables}} for what the user fills in."
          />
        </Field>
        <Field {...fieldProps('category')} label="Category" required>
          <Select value={values.category} onValueChange={(v) => set('category', v)}>
            <SelectTrigger {...a11y('category')}>
              <SelectValue placeholder="Select a category" />
            </SelectTrigger>
            <SelectContent>
              {CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field id="prompt-status" label="Status">
          <Select value={values.status} onValueChange={(v) => set('status', v as PromptStatus)}>
            <SelectTrigger id="prompt-status">
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
        </Field>
        <Field id="prompt-type" label="Type">
          <Select value={values.type} onValueChange={(v) => set('type', v as PromptType)}>
            <SelectTrigger id="prompt-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PROMPT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field {...fieldProps('price')} label="Price (USD)" hint={priceHint}>
          <Input
            {...describedBy(id('price'), errors.price, priceHint)}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0}
            value={values.type === 'free' ? '0' : values.price}
            disabled={values.type === 'free'}
            onChange={(e) => set('price', e.target.value)}
          />
        </Field>
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <Label htmlFor="prompt-featured" className="grid gap-0.5">
            Featured
            <span className="text-xs font-normal text-muted-foreground">Highlighted in the marketplace</span>
          </Label>
          <Switch
            id="prompt-featured"
            checked={values.featured}
            onCheckedChange={(v) => set('featured', v)}
          />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <Label htmlFor="prompt-trending" className="grid gap-0.5">
            Trending
            <span className="text-xs font-normal text-muted-foreground">Your choice overrides activity</span>
          </Label>
          <Switch
            id="prompt-trending"
            checked={values.trending}
            onCheckedChange={(v) => set('trending', v)}
          />
        </div>
      </fieldset>
      <FormDialogFooter pending={saving} submitLabel={prompt ? 'Save changes' : 'Create prompt'} />
    </form>
  );
}
