import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type Upload, UploadSchema } from '@shared/playground';
import { apiBlob, apiRequest } from '@/lib/api-client';
import { playgroundKeys } from './query-keys';

/**
 * POST /api/playground/uploads: the file's bytes, its name in ?name=. The server reads what the
 * file is from its bytes (images and PDF), so it goes as plain bytes whatever the browser calls it.
 */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<Upload> {
  return UploadSchema.parse(
    await apiRequest<unknown>('/playground/uploads', {
      method: 'POST',
      query: { name: file.name },
      body: file.slice(0, file.size, 'application/octet-stream'),
      signal,
    }),
  );
}

/** GET /api/playground/uploads/:id as an address the page can show (an image's thumbnail), or null. */
export function useUploadUrl(id: string, enabled: boolean): string | null {
  const blob = useQuery({
    queryKey: playgroundKeys.upload(id),
    queryFn: ({ signal }) => apiBlob(`/playground/uploads/${encodeURIComponent(id)}`, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  }).data;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
