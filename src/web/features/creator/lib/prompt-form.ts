import type { DefaultValues, FieldPath, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CreatePromptSchema,
  type CreatorPrompt,
  MAX_TAGS,
  type UpdatePromptInput,
} from '@shared/creator';
import { DEFAULT_LICENCE } from '@shared/licences';
import { serverFieldErrors } from '@/lib/field-errors';

/*
 * The upload form and the edit dialog hold the spec's Upload form (section 3): title, description,
 * content, category, tags as comma-separated text, isPaid and price, and the licence (decision 058). Both check it with the server's
 * own schema, so the words under a field are the ones the server would send.
 */

export type PromptFormInput = z.input<typeof CreatePromptSchema>;
export type PromptFormOutput = z.output<typeof CreatePromptSchema>;

export const PROMPT_FORM_FIELDS = [
  'title',
  'description',
  'content',
  'category',
  'tags',
  'isPaid',
  'price',
  'note',
  'licence',
] as const;

/** A fresh upload form: no category chosen yet, free. */
export const EMPTY_PROMPT_FORM: DefaultValues<PromptFormInput> = {
  title: '',
  description: '',
  content: '',
  category: undefined,
  tags: '',
  isPaid: false,
  price: '',
  note: '',
  licence: DEFAULT_LICENCE,
};

/** The edit dialog starts from the prompt as it is. */
export function promptFormValues(prompt: CreatorPrompt): DefaultValues<PromptFormInput> {
  return {
    title: prompt.title,
    description: prompt.description,
    content: prompt.content,
    category: prompt.category,
    tags: prompt.tags.join(', '),
    isPaid: prompt.isPaid,
    price: prompt.isPaid ? prompt.price.toFixed(2) : '',
    note: '',
    licence: prompt.licence.id,
  };
}

/** What is sent: the checked values, with a free prompt's price as 0 whatever the hidden field held. */
export function promptRequestBody(
  values: PromptFormOutput,
): Required<Omit<UpdatePromptInput, 'price' | 'note'>> & { price: number; note?: string } {
  return {
    ...(values.note ? { note: values.note } : {}),
    title: values.title,
    description: values.description,
    content: values.content,
    category: values.category,
    tags: values.tags,
    isPaid: values.isPaid,
    price: values.isPaid ? (values.price ?? 0) : 0,
    licence: values.licence ?? DEFAULT_LICENCE,
  };
}

/** The chips under the tags field: the list the server will keep (trimmed, lower case, each once). */
export function tagChips(text: string): { tags: string[]; tooMany: boolean } {
  const tags = [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { tags, tooMany: tags.length > MAX_TAGS };
}

/**
 * Puts the server's field messages under the fields they name ('tags.3' belongs to tags). Returns
 * whether any field was marked, so the caller can move focus there.
 */
export function markServerFieldErrors(error: unknown, setError: UseFormSetError<PromptFormInput>): boolean {
  const errors = Object.entries(serverFieldErrors(error, PROMPT_FORM_FIELDS));
  errors.forEach(([field, message], i) => {
    setError(field as FieldPath<PromptFormInput>, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return errors.length > 0;
}
