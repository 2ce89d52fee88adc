import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';

/**
 * GET /api/user/library/export: the library as Markdown or JSON (the text of the prompts the user
 * may read). A file, not an envelope: read raw (with the token) and handed to the browser.
 */
export async function exportLibrary(format: 'md' | 'json'): Promise<string> {
  const response = await apiStream(`/user/library/export?format=${format}`, { method: 'GET' });
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `promptforge-library.${format}`;
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

export function useExportLibrary() {
  return useMutation({ mutationFn: exportLibrary });
}
