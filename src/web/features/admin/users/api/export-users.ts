import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';
import { type UserFilters, fileNameFromDisposition, filtersToQuery } from '../lib/users';

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
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), 'promptforge-users.csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
