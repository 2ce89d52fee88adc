import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactRequest, ContactResponseSchema } from '@shared/contact';
import { api } from '@/lib/api-client';

export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** POST /api/contact: stores the message for the sales team. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return api.post<ContactResponse>('/contact', body);
}

export function useSendContactMessage() {
  // The dialog shows failures inline, next to what the visitor typed, so no toast.
  return useMutation({ mutationFn: sendContactMessage, meta: { silent: true } });
}
