import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';
import { type UserFilters, filtersToQuery } from '../lib/users';

/**
 * GET /api/admin/users/export: the filtered users as CSV. The answer is a file, not an envelope, so it
 * is read as a raw response (with the admin token) and handed to the browser as a download.
 */
export async function exportUsers(filters: UserFilters): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToQuery(filters, false)))
    if (value) params.set(key, String(value));
  const qs = params.toString();
  const response = await apiStream(`/admin/users/export${qs ? `?${qs}` : ''}`, { method: 'GET' });
  return saveResponse(response, 'promptforge-users.csv');
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
