import { useMutation } from '@tanstack/react-query';
import { apiStream } from '@/lib/api-client';

/** The file name the server gave the download (it writes a plain ASCII name). */
function fileName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * GET /api/user/prompts/export: every prompt of the creator's, with its licence, as a JSON or CSV
 * file. The answer is a file, not an envelope: read raw (with the token) and handed to the browser.
 */
export async function exportPrompts(format: 'json' | 'csv'): Promise<string> {
  const response = await apiStream(`/user/prompts/export?format=${format}`, { method: 'GET' });
  const blob = await response.blob();
  const name = fileName(response.headers.get('content-disposition'), `promptforge-prompts.${format}`);
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

export function useExportPrompts() {
  return useMutation({ mutationFn: exportPrompts });
}
