import { saveBlob } from '@/lib/save-file';

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
  saveBlob(new Blob([content], { type: 'text/plain;charset=utf-8' }), textFileName(title));
}
