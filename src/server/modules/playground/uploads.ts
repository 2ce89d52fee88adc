import type { Kysely } from 'kysely';
import type { FilePart, ImagePart } from 'ai';
import type { DB } from '../../db/types';
import type { ModelEntry } from '../../integrations/ai/providers';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { AppError } from '../../lib/errors';
import { newId, nowIso } from '../../lib/time';

/*
 * Files a user sends with a message (issue 52): PNG, JPEG, GIF and WebP images and PDF documents,
 * recognised by their first bytes (never by the name or the type the client claims), up to the
 * configured size. They are stored behind the FileStorage interface, kept with the message they
 * were sent with, and served back to their owner only. A model that cannot read a kind of file is
 * refused it with a clear message before anything is sent.
 */

export const UPLOAD_TYPES_MESSAGE = 'Only PNG, JPEG, GIF or WebP images and PDF files can be attached.';
export const uploadTooLargeMessage = (maxBytes: number) =>
  `Files must be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The media type the bytes are, by their signature; null for anything else. */
export function sniffMediaType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const cleanName = (name: string | undefined) =>
  (name ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\]/gu, '')
    .trim()
    .slice(0, 200) || 'file';

/** The daily job of cleanUp (schedules.ts). */
export const UPLOADS_CLEANUP_QUEUE = 'uploads-cleanup';
/** An upload never sent with a message is dropped after this long. */
export const UNSENT_KEEP_MS = 24 * 3600_000;
/** A file with no row is left alone this long: its row may be being written. */
const ORPHAN_GRACE_MS = 3600_000;
const CLEAN_BATCH = 500;

export interface UploadInfo {
  id: string;
  name: string;
  mediaType: string;
  size: number;
}

export function createUploads(db: Kysely<DB>, storage: FileStorage, maxBytes: number) {
  return {
    async store(userId: string, name: string | undefined, bytes: Buffer): Promise<UploadInfo> {
      if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
      if (bytes.length > maxBytes) throw new AppError('VALIDATION_ERROR', uploadTooLargeMessage(maxBytes));
      const mediaType = sniffMediaType(bytes);
      if (!mediaType) throw new AppError('VALIDATION_ERROR', UPLOAD_TYPES_MESSAGE);
      const key = await storage.put(bytes);
      const row = {
        id: newId(),
        user_id: userId,
        message_id: null,
        name: cleanName(name),
        media_type: mediaType,
        size_bytes: bytes.length,
        storage_key: key,
        created_at: nowIso(),
      };
      try {
        await db.insertInto('uploads').values(row).execute();
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      return { id: row.id, name: row.name, mediaType, size: row.size_bytes };
    },

    /** An upload's bytes, for its owner only; anyone else is told it does not exist. */
    async read(userId: string, id: string) {
      const row = await db
        .selectFrom('uploads')
        .select(['name', 'media_type', 'storage_key'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const bytes = row ? await storage.get(row.storage_key) : null;
      if (!row || !bytes) throw new AppError('NOT_FOUND_ERROR', 'This file could not be found.');
      return { name: row.name, mediaType: row.media_type, bytes };
    },

    /**
     * The user's own uploads not yet sent, checked against what the model can read, as prompt parts.
     * Refuses with the spec's codes: a file that is not theirs or already sent is "not found".
     */
    async forMessage(userId: string, ids: string[], model: ModelEntry): Promise<(ImagePart | FilePart)[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('uploads')
        .select(['id', 'name', 'media_type', 'size_bytes', 'storage_key'])
        .where('id', 'in', ids)
        .where('user_id', '=', userId)
        .where('message_id', 'is', null)
        .execute();
      if (rows.length !== new Set(ids).size) {
        throw new AppError('NOT_FOUND_ERROR', 'An attached file could not be found. Please attach it again.');
      }
      for (const r of rows) {
        const image = r.media_type.startsWith('image/');
        if (image ? !model.capabilities.images : !model.capabilities.pdf) {
          const what = image ? 'images' : 'PDF files';
          throw new AppError(
            'VALIDATION_ERROR',
            `${model.name} cannot read ${what}. Choose a model that can.`,
            {
              details: [
                {
                  field: 'attachments',
                  message: `${model.name} cannot read ${what}. Choose a model that can.`,
                },
              ],
            },
          );
        }
      }
      const parts: (ImagePart | FilePart)[] = [];
      for (const r of rows) {
        const bytes = await storage.get(r.storage_key);
        if (!bytes)
          throw new AppError(
            'NOT_FOUND_ERROR',
            'An attached file could not be found. Please attach it again.',
          );
        parts.push(toPart(r.media_type, r.name, bytes));
      }
      return parts;
    },

    /** Keeps the uploads with the message they were sent with (inside the turn's transaction). */
    async attach(trx: Kysely<DB>, userId: string, ids: string[], messageId: string) {
      if (ids.length === 0) return;
      const result = await trx
        .updateTable('uploads')
        .set({ message_id: messageId })
        .where('id', 'in', ids)
        .where('user_id', '=', userId)
        .where('message_id', 'is', null)
        .executeTakeFirst();
      // A concurrent message took one of them first.
      if (Number(result.numUpdatedRows) !== ids.length) {
        throw new AppError('NOT_FOUND_ERROR', 'An attached file could not be found. Please attach it again.');
      }
    },

    /** The files of these messages, by message, as the model's prompt parts. */
    async partsOf(messageIds: string[]): Promise<Map<string, (ImagePart | FilePart)[]>> {
      const parts = new Map<string, (ImagePart | FilePart)[]>();
      if (messageIds.length === 0) return parts;
      const rows = await db
        .selectFrom('uploads')
        .select(['message_id', 'name', 'media_type', 'storage_key'])
        .where('message_id', 'in', messageIds)
        .orderBy('created_at')
        .execute();
      for (const r of rows) {
        const bytes = await storage.get(r.storage_key);
        if (!bytes) continue;
        const list = parts.get(r.message_id!) ?? [];
        list.push(toPart(r.media_type, r.name, bytes));
        parts.set(r.message_id!, list);
      }
      return parts;
    },

    /**
     * The daily clean-up: uploads never sent are dropped after UNSENT_KEEP_MS, and files whose row
     * is gone (a deleted conversation or account cascades to its rows, not to the disk) are removed.
     */
    async cleanUp(now = new Date()): Promise<{ unsent: number; orphans: number }> {
      const unsent = await db
        .deleteFrom('uploads')
        .where('message_id', 'is', null)
        .where('created_at', '<', new Date(now.getTime() - UNSENT_KEEP_MS).toISOString())
        .returning('storage_key')
        .execute();
      for (const r of unsent) await storage.remove(r.storage_key);
      let orphans = 0;
      let batch: string[] = [];
      const sweep = async () => {
        const held = await db
          .selectFrom('uploads')
          .select('storage_key')
          .where('storage_key', 'in', batch)
          .execute();
        const kept = new Set(held.map((r) => r.storage_key));
        for (const key of batch.filter((k) => !kept.has(k))) {
          await storage.remove(key);
          orphans++;
        }
        batch = [];
      };
      for await (const key of storage.list(new Date(now.getTime() - ORPHAN_GRACE_MS))) {
        batch.push(key);
        if (batch.length === CLEAN_BATCH) await sweep();
      }
      if (batch.length > 0) await sweep();
      return { unsent: unsent.length, orphans };
    },

    /** The files of these messages as the API lists them. */
    async infoOf(messageIds: string[]): Promise<Map<string, UploadInfo[]>> {
      const info = new Map<string, UploadInfo[]>();
      if (messageIds.length === 0) return info;
      const rows = await db
        .selectFrom('uploads')
        .select(['id', 'message_id', 'name', 'media_type', 'size_bytes'])
        .where('message_id', 'in', messageIds)
        .orderBy('created_at')
        .execute();
      for (const r of rows) {
        const list = info.get(r.message_id!) ?? [];
        list.push({ id: r.id, name: r.name, mediaType: r.media_type, size: r.size_bytes });
        info.set(r.message_id!, list);
      }
      return info;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;

export const toPart = (mediaType: string, name: string, bytes: Uint8Array): ImagePart | FilePart =>
  mediaType.startsWith('image/')
    ? { type: 'image', image: bytes, mediaType }
    : { type: 'file', data: bytes, mediaType, filename: name };
