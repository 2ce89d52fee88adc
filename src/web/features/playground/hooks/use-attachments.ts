import { useCallback, useRef, useState } from 'react';
import type { Upload } from '@shared/playground';
import { ApiError } from '@/lib/api-client';
import { uploadFile } from '../api/uploads';

/** At most this many files a message (the server's limit, ChatRequestSchema). */
export const MAX_ATTACHMENTS = 5;

export interface PendingFile {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  upload: Upload | null;
  error: string | null;
}

let seq = 0;

/**
 * The files picked for the next message: each uploads as soon as it is picked, so sending waits
 * only for those still on their way. A failed one says why and can be removed.
 */
export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // How many files are picked, for `add` (which starts uploads, so it cannot run inside a state update).
  const count = useRef(0);

  const update = (key: string, change: Partial<PendingFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const add = useCallback((picked: readonly File[]) => {
    const room = Math.max(0, MAX_ATTACHMENTS - count.current);
    const added = picked.slice(0, room).map((file): PendingFile => {
      const key = `file-${++seq}`;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      uploadFile(file, controller.signal).then(
        (upload) => update(key, { status: 'ready', upload }),
        (err: unknown) => {
          if (controller.signal.aborted) return;
          update(key, {
            status: 'failed',
            error: err instanceof ApiError ? err.message : 'The file could not be uploaded.',
          });
        },
      );
      return { key, name: file.name, size: file.size, status: 'uploading', upload: null, error: null };
    });
    count.current += added.length;
    setFiles((list) => [...list, ...added]);
  }, []);

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    if (controllers.current.delete(key)) count.current -= 1;
    setFiles((list) => list.filter((f) => f.key !== key));
  }, []);

  const clear = useCallback(() => {
    controllers.current.clear();
    count.current = 0;
    setFiles([]);
  }, []);

  /** Puts sent files back (a message the server refused before any reply). */
  const restore = useCallback((uploads: readonly Upload[]) => {
    const back = uploads.map((upload): PendingFile => ({
      key: `file-${++seq}`,
      name: upload.name,
      size: upload.size,
      status: 'ready',
      upload,
      error: null,
    }));
    count.current = back.length;
    setFiles(back);
  }, []);

  const ready = files.flatMap((f) => (f.upload ? [f.upload] : []));
  return {
    files,
    ready,
    full: files.length >= MAX_ATTACHMENTS,
    /** Sending waits while a file uploads or one failed (remove it to go on). */
    blocked: files.some((f) => f.status !== 'ready'),
    add,
    remove,
    clear,
    restore,
  };
}
