import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ContactMessageList, ContactMessageListSchema, type ContactStatus } from '@shared/admin-audit';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

export type MessageFilter = ContactStatus | 'all';
export const MESSAGES_PAGE_SIZE = 20;
export const contactMessagesScope = [ACCOUNT_QUERY_SCOPE, 'admin-contact-messages'] as const;

/** GET /api/admin/contact-messages: Contact Sales messages, newest first, with counts per status. */
export async function getContactMessages(
  filters: { page: number; status: MessageFilter },
  signal?: AbortSignal,
): Promise<ContactMessageList> {
  const data = await api.get<unknown>(
    '/admin/contact-messages',
    { page: filters.page, limit: MESSAGES_PAGE_SIZE, status: filters.status },
    signal,
  );
  return ContactMessageListSchema.parse(data);
}

export function getContactMessagesQueryOptions(filters: { page: number; status: MessageFilter }) {
  return queryOptions({
    queryKey: [...contactMessagesScope, filters],
    queryFn: ({ signal }) => getContactMessages(filters, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useContactMessages(filters: { page: number; status: MessageFilter }) {
  return useQuery(getContactMessagesQueryOptions(filters));
}
