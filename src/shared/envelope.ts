import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** One field problem in a VALIDATION_ERROR. */
export const ErrorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** The failure envelope of product-decisions.md section 2. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  status: z.number().int(),
  details: z.array(ErrorDetailSchema).optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Wraps a data schema in the success envelope. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
  });
}
