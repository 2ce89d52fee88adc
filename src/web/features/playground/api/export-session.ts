import { type SessionExport, SessionExportSchema } from '@shared/playground-settings';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';

/** GET /api/playground/sessions/:id/export: the conversation as a file, which the browser saves. */
export async function getExport(id: string, format: 'markdown' | 'json'): Promise<SessionExport> {
  return SessionExportSchema.parse(
    await api.get<unknown>(`/playground/sessions/${encodeURIComponent(id)}/export`, { format }),
  );
}

export async function downloadExport(id: string, format: 'markdown' | 'json') {
  const file = await getExport(id, format);
  saveBlob(new Blob([file.content], { type: file.mediaType }), file.filename);
}
