import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field from a schema check (settings show errors beside each field). */
export function schemaFieldErrors<K extends string>(
  schema: z.ZodType,
  values: unknown,
  fields: readonly K[],
): FieldErrors<K> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Field messages the server sent with a validation error; empty when it named no field of this form. */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return errors;
  for (const detail of error.details) {
    const field = fields.find((f) => f === detail.field);
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
