import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactMessage, ContactMessageResultSchema, type ContactStatus } from '@shared/admin-audit';
import { api } from '@/lib/api-client';
import { contactMessagesScope } from './get-contact-messages';

/** PUT /api/admin/contact-messages/:id {status}: new, read or archived (audited). */
export async function updateContactMessage(id: string, status: ContactStatus): Promise<ContactMessage> {
  const data = await api.put<unknown>(`/admin/contact-messages/${encodeURIComponent(id)}`, { status });
  return ContactMessageResultSchema.parse(data).message;
}

export function useUpdateContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) => updateContactMessage(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesScope }),
  });
}
