/** A file name from a title: letters, digits and dashes only, so every system accepts it. */
export function textFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'prompt'}.txt`;
}

/** Saves text as a .txt download without a server round trip (the text is already in memory). */
export function saveTextFile(title: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = textFileName(title);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
