/** Saves a blob as a download named `name` (the browser's own save, through a temporary link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name in a Content-Disposition header, or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1]?.trim() || fallback;
}

/**
 * Saves a file answer (a raw response, not an envelope) as a download under the name the server gave
 * it, or `fallback`; returns the name.
 */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), name);
  return name;
}
