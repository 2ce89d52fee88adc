import { z } from 'zod';
import { displayText } from './text';

/** Contact Sales dialog (spec section 2): full name, email and message required, company optional. */
export const ContactRequestSchema = z.object({
  name: displayText('Full name')
    .min(1, 'Full name is required')
    .max(120, 'Full name must be at most 120 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .email('Please enter a valid email address'),
  company: displayText('Company').max(120, 'Company must be at most 120 characters').optional().default(''),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

export const ContactResponseSchema = z.object({ id: z.string() });
