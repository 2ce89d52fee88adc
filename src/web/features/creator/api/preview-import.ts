import { useMutation } from '@tanstack/react-query';
import { type ImportPreview, ImportPreviewSchema, type ImportRequest } from '@shared/prompt-transfer';
import { apiRequest } from '@/lib/api-client';

/** POST /api/user/prompts/import/preview: every row of the file with its errors; nothing is saved. */
export async function previewImport(body: ImportRequest): Promise<ImportPreview> {
  return ImportPreviewSchema.parse(
    await apiRequest<unknown>('/user/prompts/import/preview', { method: 'POST', body }),
  );
}

/** Failures raise the spec's error toast through the query client (a file it cannot read says why). */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
