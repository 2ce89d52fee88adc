import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';
import { saveResponse } from '@/lib/save-file';

/**
 * GET /api/user/library/export: the library as Markdown or JSON (the text of the prompts the user
 * may read). A file, not an envelope: read raw (with the token) and handed to the browser.
 */
export async function exportLibrary(format: 'md' | 'json'): Promise<string> {
  const response = await apiStream(`/user/library/export?format=${format}`, { method: 'GET' });
  return saveResponse(response, `promptforge-library.${format}`);
}

export function useExportLibrary() {
  return useMutation({ mutationFn: exportLibrary });
}
