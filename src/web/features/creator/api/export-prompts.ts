import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';

/**
 * GET /api/user/prompts/export: every prompt of the creator's, with its licence, as a JSON or CSV
 * file. The answer is a file, not an envelope: read raw (with the token) and handed to the browser.
 */
export async function exportPrompts(format: 'json' | 'csv'): Promise<string> {
  const response = await apiStream(`/user/prompts/export?format=${format}`, { method: 'GET' });
  return saveResponse(response, `promptforge-prompts.${format}`);
}

export function useExportPrompts() {
  return useMutation({ mutationFn: exportPrompts });
}
