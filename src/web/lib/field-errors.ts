import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/** The message to show beside each field of a form (none: the field is fine). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a schema check; an issue belongs to a field its path names. */
export function schemaFieldErrors<K extends string>(
  schema: z.ZodType,
  values: unknown,
  fields: readonly K[],
): FieldErrors<K> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fields.find((f) => issue.path.includes(f));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The field messages a server validation error sent for the fields of one form; a detail belongs to a field
 * its dotted path names ('email', 'profile.email', 'tags.3'). Empty when it named no field of the form.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return errors;
  for (const detail of error.details) {
    const path = detail.field.split('.');
    const field = fields.find((f) => path.includes(f));
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

export const firstError = (errors: object): string | undefined =>
  Object.values(errors).find((v): v is string => typeof v === 'string');

export const hasErrors = (errors: object) => firstError(errors) !== undefined;
