import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PlaygroundHarness, startPlayground } from '../../../../tests/support/playground';
import { UPLOADS_CLEANUP_QUEUE, UPLOAD_TYPES_MESSAGE } from './uploads';

/*
 * Files sent with a message (issue 52), through the real HTTP API: recognised by their content,
 * limited in size, served to their owner only, refused to a model that cannot read them, and sent to
 * the provider in its wire format with the message they belong to, on every later turn too. Runs on
 * SQLite and PostgreSQL.
 */

let h: PlaygroundHarness;
beforeAll(async () => {
  h = await startPlayground();
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const upload = (token: string, body: Buffer, name = 'file', type = 'application/octet-stream') =>
  h.t.app.inject({
    method: 'POST',
    url: `/api/playground/uploads?name=${encodeURIComponent(name)}`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
  });

describe('uploads', () => {
  it('are recognised by their content, whatever the client claims', async () => {
    const u = await h.signUp();
    const png = await upload(u.token, PNG, 'pixel.png', 'application/pdf');
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().data).toMatchObject({ name: 'pixel.png', mediaType: 'image/png', size: PNG.length });
    const pdf = await upload(u.token, PDF, 'notes.pdf');
    expect(pdf.json().data.mediaType).toBe('application/pdf');

    const script = await upload(u.token, Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: UPLOAD_TYPES_MESSAGE });
  });

  it('are refused above the size limit', async () => {
    const u = await h.signUp();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(u.token, big, 'huge.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
  });

  it('are served back to their owner only', async () => {
    const owner = await h.signUp();
    const other = await h.signUp();
    const id = (await upload(owner.token, PNG, 'pixel.png')).json().data.id as string;
    const mine = await h.call('GET', `/api/playground/uploads/${id}`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^attachment/);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await h.call('GET', `/api/playground/uploads/${id}`, other.token)).statusCode).toBe(404);
    expect((await h.call('GET', `/api/playground/uploads/${id}`)).statusCode).toBe(401);
  });
});

describe('a message with files', () => {
  it('sends an image to a model that reads images, and again on the next turn', async () => {
    const u = await h.signUp();
    const id = (await upload(u.token, PNG, 'pixel.png')).json().data.id as string;
    h.fake.next(
      { kind: 'reply', text: 'A single transparent pixel.' },
      { kind: 'reply', text: 'Still a pixel.' },
    );
    const res = await h.chat(u.token, { message: 'What is this?', model: 'claude', attachments: [id] });
    expect(res.statusCode, res.body).toBe(200);
    const content = (h.fake.requests[0]!.body.messages as { content: unknown[] }[])[0]!.content;
    expect(content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') } },
    ]);
    const sessionId = res.json().data.sessionId as string;
    await h.chat(u.token, { message: 'Sure?', model: 'claude', sessionId });
    const again = (h.fake.requests[1]!.body.messages as { content: unknown }[])[0]!.content as unknown[];
    expect(again).toHaveLength(2);

    const detail = (await h.call('GET', `/api/playground/sessions/${sessionId}`, u.token)).json().data;
    expect(detail.messages[0].attachments).toEqual([
      { id, name: 'pixel.png', mediaType: 'image/png', size: PNG.length },
    ]);
    // A file goes with one message only.
    const reuse = await h.chat(u.token, { message: 'Again', model: 'claude', attachments: [id] });
    expect(reuse.statusCode).toBe(404);
  });

  it('sends a PDF as a file part in the Chat Completions format', async () => {
    const u = await h.signUp();
    const id = (await upload(u.token, PDF, 'notes.pdf')).json().data.id as string;
    h.fake.next({ kind: 'reply', text: 'Your notes are empty.' });
    const res = await h.chat(u.token, { message: 'Summarise', model: 'chatgpt', attachments: [id] });
    expect(res.statusCode, res.body).toBe(200);
    const content = (h.fake.requests[0]!.body.messages as { content: unknown }[]).at(-1)!.content;
    expect(content).toEqual([
      { type: 'text', text: 'Summarise' },
      {
        type: 'file',
        file: { filename: 'notes.pdf', file_data: `data:application/pdf;base64,${PDF.toString('base64')}` },
      },
    ]);
  });

  it('is refused, before anything is sent or counted, by a model that cannot read the file', async () => {
    const u = await h.signUp();
    const pdf = (await upload(u.token, PDF, 'notes.pdf')).json().data.id as string;
    const png = (await upload(u.token, PNG, 'pixel.png')).json().data.id as string;
    const noPdf = await h.chat(u.token, { message: 'Read', model: 'perplexity', attachments: [pdf] });
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().message).toBe('Perplexity cannot read PDF files. Choose a model that can.');
    await h.call('POST', '/api/admin/models/refresh', (await h.signInAdmin()).token);
    const noImage = await h.chat(u.token, { message: 'Look', model: 'local/llama-fake', attachments: [png] });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe('llama-fake cannot read images. Choose a model that can.');
    expect(h.fake.requests.filter((r) => r.path.endsWith('/models'))).toHaveLength(1);
    expect(h.fake.requests).toHaveLength(1);
    expect((await h.call('GET', '/api/playground/usage', u.token)).json().data.current).toBe(0);
    expect((await h.call('GET', '/api/playground/sessions', u.token)).json().data.sessions).toHaveLength(0);
  });

  it('cannot carry someone else’s file', async () => {
    const owner = await h.signUp();
    const other = await h.signUp();
    const id = (await upload(owner.token, PNG)).json().data.id as string;
    const res = await h.chat(other.token, { message: 'Whose?', model: 'claude', attachments: [id] });
    expect(res.statusCode).toBe(404);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('are removed by the daily clean-up once nobody holds them: unsent for a day, or their conversation deleted', async () => {
    const u = await h.signUp();
    const db = h.t.database.db;
    const fileOf = async (id: string) => {
      const { storage_key: key } = await db
        .selectFrom('uploads')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // The test app's data folder (tests/support/test-app.ts), as diskStorage lays it out.
      return path.join(os.tmpdir(), 'promptforge-test', 'uploads', key.slice(0, 2), key);
    };
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const sentWith = async (message: string) => {
      const id = (await upload(u.token, PNG, 'pixel.png')).json().data.id as string;
      const res = await h.chat(u.token, { message, model: 'claude', attachments: [id] });
      expect(res.statusCode, res.body).toBe(200);
      const file = await fileOf(id);
      fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
      return { id, file, sessionId: res.json().data.sessionId as string };
    };
    const kept = await sentWith('Keep this one');
    const deleted = await sentWith('Delete this one');
    expect(
      (await h.call('DELETE', `/api/playground/sessions/${deleted.sessionId}`, u.token)).statusCode,
    ).toBe(200);
    const stale = (await upload(u.token, PDF, 'old.pdf')).json().data.id as string;
    const staleFile = await fileOf(stale);
    await db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', stale)
      .execute();
    const fresh = (await upload(u.token, PDF, 'new.pdf')).json().data.id as string;
    expect(fs.existsSync(deleted.file)).toBe(true);

    await h.t.app.jobs.send(UPLOADS_CLEANUP_QUEUE, {});
    await expect.poll(() => fs.existsSync(deleted.file), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => fs.existsSync(staleFile), { timeout: 10_000 }).toBe(false);
    expect((await h.call('GET', `/api/playground/uploads/${stale}`, u.token)).statusCode).toBe(404);
    // What is still held stays: a sent file of a kept conversation, an upload not yet a day old.
    expect(fs.existsSync(kept.file)).toBe(true);
    expect((await h.call('GET', `/api/playground/uploads/${kept.id}`, u.token)).statusCode).toBe(200);
    expect((await h.call('GET', `/api/playground/uploads/${fresh}`, u.token)).statusCode).toBe(200);
  });
});
