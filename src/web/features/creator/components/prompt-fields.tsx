import { DollarSignIcon } from 'lucide-react';
import { Controller, type FieldError, type UseFormReturn, useWatch } from 'react-hook-form';
import { CATEGORIES, CATEGORY_LABELS } from '@shared/constants';
import { MAX_TAGS } from '@shared/creator';
import { LICENCES, LICENCE_TERMS, PAID_LICENCES } from '@shared/licences';
import { PRICE_MAX, PRICE_MIN } from '@shared/pricing';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { PromptFormInput, PromptFormOutput } from '../lib/prompt-form';
import { tagChips } from '../lib/prompt-form';
import { Field, describedBy } from '@/components/ui/form-field';
import { ContentPreview } from './prompt-preview';

export type PromptForm = UseFormReturn<PromptFormInput, unknown, PromptFormOutput>;

/** The schema's bounds (issue 6), shown as counters so nobody finds out only on save. */
const MAX = { title: 120, description: 500, content: 20_000 } as const;

/** A field's message, also when the check named one item of it (a tag: 'tags.3'). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message;
  if (typeof own === 'string' && own) return own;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The Upload form's fields (spec section 3), shared by the Upload tab and the Edit dialog. On the
 * page the text and its live preview sit side by side on wide screens; in the dialog they stack.
 */
export function PromptFields({
  form,
  idPrefix,
  layout,
}: {
  form: PromptForm;
  idPrefix: string;
  layout: 'page' | 'dialog';
}) {
  const { register, control, formState } = form;
  const [title = '', description = '', content = '', tags = '', isPaid = false, licence] = useWatch({
    control,
    name: ['title', 'description', 'content', 'tags', 'isPaid', 'licence'],
  });
  const error = (name: keyof PromptFormInput) => messageOf(formState.errors[name]);
  const id = (name: string) => `${idPrefix}-${name}`;
  const chips = tagChips(typeof tags === 'string' ? tags : tags.join(','));
  const tagsHint = `Separate with commas; up to ${MAX_TAGS} tags.`;
  const priceHint = `Between $${PRICE_MIN.toFixed(2)} and $${PRICE_MAX}.`;

  return (
    <div className="grid gap-5">
      <Field
        id={id('title')}
        label="Title"
        required
        error={error('title')}
        count={{ value: title.length, max: MAX.title }}
      >
        <Input
          {...describedBy(id('title'), error('title'))}
          placeholder="e.g. SEO blog post outline"
          autoComplete="off"
          {...register('title')}
        />
      </Field>

      <Field
        id={id('description')}
        label="Description"
        required
        error={error('description')}
        count={{ value: description.length, max: MAX.description }}
      >
        <Textarea
          {...describedBy(id('description'), error('description'))}
          rows={3}
          className="min-h-20"
          placeholder="What the prompt does and who it is for"
          {...register('description')}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('category')} label="Category" required error={error('category')}>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger
                  {...describedBy(id('category'), error('category'))}
                  ref={field.ref}
                  onBlur={field.onBlur}
                >
                  <SelectValue placeholder="Choose a category" />
                </SelectTrigger>
                <SelectContent>
                  {CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <Field id={id('tags')} label="Tags" error={error('tags')} hint={tagsHint}>
          <Input
            {...describedBy(id('tags'), error('tags'), tagsHint)}
            placeholder="e.g. seo, blogging, outline"
            autoComplete="off"
            {...register('tags')}
          />
          {chips.tags.length > 0 ? (
            <ul aria-label="Tags preview" className="flex flex-wrap gap-1.5">
              {chips.tags.map((tag, i) => (
                <li
                  key={tag}
                  className={cn(
                    'max-w-full truncate rounded-full border px-2.5 py-0.5 text-xs',
                    i >= MAX_TAGS
                      ? 'border-destructive/40 bg-destructive/10 text-destructive line-through'
                      : 'bg-secondary text-secondary-foreground',
                  )}
                >
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
        </Field>
      </div>

      <div className="grid gap-3 rounded-lg border bg-muted/20 p-4">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={id('isPaid')}>Paid prompt</Label>
            <p className="text-xs text-muted-foreground">
              {isPaid
                ? 'Buyers pay once to read the full text; others can try it a few times.'
                : 'Free prompts can be read, copied and tried by everyone.'}
            </p>
          </div>
          <Controller
            control={control}
            name="isPaid"
            render={({ field }) => (
              <Switch
                id={id('isPaid')}
                checked={field.value ?? false}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  // A price error means nothing once the prompt is free again.
                  if (!checked) form.clearErrors('price');
                  // A paid prompt keeps its text to buyers: a Creative Commons licence cannot stay.
                  if (checked && licence && !PAID_LICENCES.includes(licence)) {
                    form.setValue('licence', 'personal', { shouldValidate: true });
                  }
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
        {isPaid ? (
          <Field id={id('price')} label="Price (USD)" required error={error('price')} hint={priceHint}>
            <div className="relative max-w-48">
              <DollarSignIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...describedBy(id('price'), error('price'), priceHint)}
                type="number"
                inputMode="decimal"
                step="0.01"
                min={PRICE_MIN}
                max={PRICE_MAX}
                placeholder="4.99"
                className="pl-8 tabular-nums"
                {...register('price')}
              />
            </div>
          </Field>
        ) : null}
        <Field
          id={id('licence')}
          label="Licence"
          error={error('licence')}
          hint={licence ? LICENCE_TERMS[licence].summary : undefined}
        >
          <Controller
            control={control}
            name="licence"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger
                  {...describedBy(id('licence'), error('licence'), licence ? 'hint' : undefined)}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  className="sm:max-w-72"
                >
                  <SelectValue placeholder="Choose a licence" />
                </SelectTrigger>
                <SelectContent>
                  {LICENCES.map((l) => (
                    <SelectItem key={l} value={l} disabled={isPaid && !PAID_LICENCES.includes(l)}>
                      {LICENCE_TERMS[l].label}
                      {isPaid && !PAID_LICENCES.includes(l) ? ' (free prompts only)' : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>

      <div className={cn('grid gap-5', layout === 'page' && 'lg:grid-cols-2')}>
        <Field
          id={id('content')}
          label="Prompt content"
          required
          error={error('content')}
          count={{ value: content.length, max: MAX.content }}
        >
          <Textarea
            {...describedBy(id('content'), error('content'))}
            rows={layout === 'page' ? 14 : 8}
            className="font-mono text-[13px] leading-relaxed"
            placeholder={'Write an outline for a blog post about {{topic}} for [audience]...'}
            spellCheck
            {...register('content')}
          />
        </Field>
        <ContentPreview
          content={content}
          className={layout === 'page' ? 'lg:mt-6 lg:max-h-[26rem]' : 'max-h-60'}
        />
      </div>
    </div>
  );
}
