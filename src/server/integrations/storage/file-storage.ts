import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Where uploaded files live: a small interface, so a deployment can swap the disk for an object
 * store. The disk one keeps each file under the data folder by a random key (never a name a user
 * chose), readable by the server's user only.
 */

export interface FileStorage {
  /** Stores the bytes under a new key and answers it. */
  put(data: Uint8Array): Promise<string>;
  /** The bytes of a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The keys of files last written before `before`, for the clean-up of files nobody holds. */
  list(before: Date): AsyncIterable<string>;
}

const KEY = /^[0-9a-f]{32}$/;

export function diskStorage(root: string): FileStorage {
  const where = (key: string) => {
    if (!KEY.test(key)) throw new Error('not a storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(data) {
      const key = crypto.randomBytes(16).toString('hex');
      const file = where(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, data, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return await fs.readFile(where(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(where(key), { force: true });
    },
    async *list(before) {
      const folders = await fs.readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const key of names) {
          if (!KEY.test(key)) continue;
          const stat = await fs.stat(where(key)).catch(() => null);
          if (stat && stat.mtime < before) yield key;
        }
      }
    },
  };
}
