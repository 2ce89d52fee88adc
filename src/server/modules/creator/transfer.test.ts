import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrompt, insertUser } from '../../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app';
import { testEngine } from '../../../../tests/support/test-db';
import { parseCsv } from '../../../shared/csv';
import { IMPORT_LIMITS } from '../../../shared/prompt-transfer';
import { trigramSimilarity, trigramsOf } from '../../lib/trigrams';
import { NEAR_DUPLICATE_THRESHOLD, findNearDuplicate } from './near-duplicates';
import { apiHelpers } from '../../../../tests/support/api';

/* Import, export and near-duplicate detection of a creator's prompts (issue 57, decision 058), on both engines. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '10000' } });
});
afterAll(() => t.close());
const h = apiHelpers(() => t);

const user = (name = 'Ivy Importer') => h.signUp(name);

const { call } = h;

const countOwn = async (authorId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', authorId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const COPYWRITER =
  'You are an experienced copywriter. Write three subject lines for an e-mail announcing {{product}} to {{audience}}. Keep each under 50 characters, avoid spam words, and explain in one sentence why each would work.';
const NEAR_COPY = COPYWRITER.replace('experienced copywriter', 'senior marketing writer').replace(
  'avoid spam words',
  'skip clickbait',
);
const SAME_TASK_ANEW =
  'Write subject lines for an e-mail about our product launch. Make them short and catchy and tell me why they work.';
const TRAVEL =
  'Plan a three-day trip to {{city}} for a family with two children under ten: one museum, one park and one local restaurant a day, with travel times between them and a rainy-day alternative.';
const TRAVEL_COPY = TRAVEL.replace('three-day', 'four-day').replace(
  'one local restaurant',
  'one cheap local restaurant',
);
const UNRELATED =
  'Rewrite the following paragraph so that a ten-year-old understands it, keeping every fact: {{text}}. Then list the hard words you replaced.';

describe('near-duplicate detection', () => {
  it('measures like pg_trgm: near copies above the threshold, the same task written anew and unrelated prompts below', () => {
    const sim = (a: string, b: string) => trigramSimilarity(trigramsOf(a), trigramsOf(b));
    expect(sim(COPYWRITER, NEAR_COPY)).toBeCloseTo(0.7472, 4);
    expect(sim(COPYWRITER, SAME_TASK_ANEW)).toBeCloseTo(0.2917, 4);
    expect(sim(COPYWRITER, UNRELATED)).toBeCloseTo(0.2182, 4);
    expect(sim(COPYWRITER, NEAR_COPY)).toBeGreaterThan(NEAR_DUPLICATE_THRESHOLD);
  });

  it(`on ${testEngine}: finds another creator's published near copy, never one's own, a draft, or an unrelated text`, async () => {
    const db = t.database.db;
    const other = await insertUser(db);
    const me = await insertUser(db);
    const listing = await insertPrompt(db, other.id, { content: COPYWRITER, title: 'Subject lines' });
    await insertPrompt(db, other.id, { content: UNRELATED });
    const deps = { db, engine: t.database.engine };
    const found = await findNearDuplicate(deps, NEAR_COPY, me.id);
    expect(found).toMatchObject({ id: listing.id, title: 'Subject lines' });
    expect(found!.similarity).toBeCloseTo(0.75, 2);
    expect(await findNearDuplicate(deps, SAME_TASK_ANEW, me.id)).toBeNull();
    expect(await findNearDuplicate(deps, NEAR_COPY, other.id)).toBeNull();
    const drafted = await insertUser(db);
    const draftText =
      'A draft only: summarise the quarterly board minutes into five bullet points for staff.';
    await insertPrompt(db, drafted.id, { content: draftText, status: 'draft' });
    expect(await findNearDuplicate(deps, draftText, me.id)).toBeNull();
    expect(
      await findNearDuplicate(
        deps,
        'Completely different: plan a week of vegetarian dinners for two.',
        me.id,
      ),
    ).toBeNull();
  });

  it('flags a near copy on publish, to the creator and in the admin list', async () => {
    const db = t.database.db;
    const other = await insertUser(db, { name: 'Orig Author' });
    const listing = await insertPrompt(db, other.id, {
      content: `${COPYWRITER} Publish flag.`,
      title: 'Original subject lines',
    });
    const me = await user();
    const res = await call('POST', '/api/user/prompts', me.token, {
      title: 'My subject lines',
      description: 'Subject lines for launch e-mails.',
      content: `${NEAR_COPY} Publish flag.`,
      category: 'marketing',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.prompt.nearDuplicate).toMatchObject({
      id: listing.id,
      title: 'Original subject lines',
    });
    const clean = await call('POST', '/api/user/prompts', me.token, {
      title: 'Kids explainer',
      description: 'Explains a paragraph for children.',
      content: 'Explain photosynthesis to a child using a story about a hungry leaf named {{name}}.',
      category: 'education',
    });
    expect(clean.json().data.prompt.nearDuplicate).toBeNull();
    const admin = await h.signInAdmin();
    const list = await call(
      'GET',
      `/api/admin/prompts?search=${encodeURIComponent('My subject lines')}`,
      admin.token,
    );
    const flagged = list.json().data.prompts.find((p: { id: string }) => p.id === res.json().data.prompt.id);
    expect(flagged.nearDuplicate).toMatchObject({ id: listing.id, title: 'Original subject lines' });
  });
});

describe('export', () => {
  it('exports every prompt of the creator, with its licence, as JSON or CSV; nobody else’s', async () => {
    const me = await user();
    const other = await user();
    await call('POST', '/api/user/prompts', other.token, {
      title: 'Not mine',
      description: 'Someone else entirely wrote it.',
      content: 'Someone else wrote this prompt text.',
      category: 'writing',
    });
    await call('POST', '/api/user/prompts', me.token, {
      title: 'Quote, "comma", line',
      description: 'A prompt whose fields need CSV quoting.',
      content: 'Line one, with a comma\nLine two with "quotes"',
      category: 'writing',
      tags: 'a, b',
      licence: 'cc0',
      status: 'draft',
    });
    const json = await call('GET', '/api/user/prompts/export?format=json', me.token);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(
      /^attachment; filename="promptforge-prompts-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = JSON.parse(json.body);
    expect(file).toMatchObject({ format: 'promptforge.prompts', version: 1 });
    expect(file.prompts).toHaveLength(1);
    expect(file.prompts[0]).toMatchObject({
      title: 'Quote, "comma", line',
      licence: 'cc0',
      licenceName: 'CC0',
      status: 'draft',
      tags: ['a', 'b'],
    });
    const csv = await call('GET', '/api/user/prompts/export?format=csv', me.token);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = parseCsv(csv.body).map((r) => r.fields);
    expect(header!.slice(0, 9)).toEqual([
      'title',
      'description',
      'content',
      'category',
      'tags',
      'isPaid',
      'price',
      'licence',
      'status',
    ]);
    expect(row!.slice(0, 9)).toEqual([
      'Quote, "comma", line',
      'A prompt whose fields need CSV quoting.',
      'Line one, with a comma\nLine two with "quotes"',
      'writing',
      'a, b',
      'false',
      '0.00',
      'cc0',
      'draft',
    ]);
    expect((await call('GET', '/api/user/prompts/export?format=xml', me.token)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Format must be json or csv',
    });
    expect((await call('GET', '/api/user/prompts/export')).statusCode).toBe(401);

    // Its own export imports back as drafts.
    const again = await call('POST', '/api/user/prompts/import', me.token, { content: json.body });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.created).toHaveLength(1);
    const fromCsv = await call('POST', '/api/user/prompts/import/preview', me.token, { content: csv.body });
    expect(fromCsv.json().data).toMatchObject({ source: 'csv', valid: 1, invalid: 0 });
  });
});

const PROMPTS_CHAT = [
  'act,prompt',
  '"Linux Terminal","I want you to act as a linux terminal. I will type commands and you will reply with what the terminal should show, in one code block."',
  '"B","short"',
  '"English Translator","I want you to act as an English translator, spelling corrector and improver, keeping the meaning, ""in upper level English""."',
  ',"A row without a title but with a long enough prompt text."',
].join('\n');

describe('import', () => {
  it('previews the prompts.chat layout with row-level errors and writes nothing', async () => {
    const me = await user();
    const res = await call('POST', '/api/user/prompts/import/preview', me.token, { content: PROMPTS_CHAT });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ source: 'prompts-chat', valid: 2, invalid: 2 });
    expect(
      data.rows.map((r: { row: number; line: number; valid: boolean }) => [r.row, r.line, r.valid]),
    ).toEqual([
      [1, 2, true],
      [2, 3, false],
      [3, 4, true],
      [4, 5, false],
    ]);
    expect(data.rows[1].errors).toEqual([
      { field: 'title', message: 'Title must be at least 3 characters' },
      // Made from the text, as the layout has no description: too short with it.
      { field: 'description', message: 'Description must be at least 10 characters' },
      { field: 'content', message: 'Content must be at least 10 characters long' },
    ]);
    expect(data.rows[3].errors[0]).toEqual({ field: 'title', message: 'Title is required' });
    expect(data.rows[0]).toMatchObject({ title: 'Linux Terminal', category: 'writing', licence: 'personal' });
    expect(await countOwn(me.id)).toBe(0);
  });

  it('creates drafts for the accepted rows only, with the licence chosen for rows naming none', async () => {
    const me = await user();
    const res = await call('POST', '/api/user/prompts/import', me.token, {
      content: PROMPTS_CHAT,
      licence: 'cc0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('2 prompts imported as drafts');
    expect(res.json().data.created.map((c: { row: number; title: string }) => [c.row, c.title])).toEqual([
      [1, 'Linux Terminal'],
      [3, 'English Translator'],
    ]);
    expect(res.json().data.skipped).toEqual([2, 4]);
    const rows = await t.database.db
      .selectFrom('prompts')
      .select(['title', 'status', 'licence', 'description', 'content'])
      .where('author_id', '=', me.id)
      .orderBy('title')
      .execute();
    expect(rows.map((r) => [r.title, r.status, r.licence])).toEqual([
      ['English Translator', 'draft', 'cc0'],
      ['Linux Terminal', 'draft', 'cc0'],
    ]);
    expect(rows[0]!.content).toContain('"in upper level English"');
    expect(rows[1]!.description.length).toBeGreaterThanOrEqual(10);

    // Only the rows chosen; a chosen invalid row creates nothing.
    const other = await user();
    const chosen = await call('POST', '/api/user/prompts/import', other.token, {
      content: PROMPTS_CHAT,
      rows: [3, 2],
    });
    expect(chosen.json().data.created.map((c: { row: number }) => c.row)).toEqual([3]);
    const none = await call('POST', '/api/user/prompts/import', other.token, {
      content: PROMPTS_CHAT,
      rows: [2],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Choose at least one valid row to import',
    });
    expect(await countOwn(other.id)).toBe(1);
  });

  it('reads JSON lists and judges every field with the studio’s messages', async () => {
    const me = await user();
    const res = await call('POST', '/api/user/prompts/import/preview', me.token, {
      content: JSON.stringify([
        {
          title: 'Good one',
          description: 'A fine description here.',
          content: 'A fine prompt text here.',
          category: 'Business',
          tags: ['x'],
        },
        {
          title: 'Paid CC',
          description: 'A fine description here.',
          content: 'A fine prompt text here.',
          isPaid: true,
          price: 5,
          licence: 'cc-by-4.0',
        },
        {
          title: 'Bad price',
          description: 'A fine description here.',
          content: 'A fine prompt text here.',
          isPaid: 'yes',
          price: 0.5,
        },
        {
          title: 'Bad cat',
          description: 'A fine description here.',
          content: 'A fine prompt text here.',
          category: 'poetry',
          licence: 'mit',
        },
        'not an object',
      ]),
    });
    const rows = res.json().data.rows;
    expect(rows.map((r: { valid: boolean }) => r.valid)).toEqual([true, false, false, false, false]);
    expect(rows[0].category).toBe('business');
    expect(rows[1].errors).toEqual([
      { field: 'licence', message: 'A paid prompt must use the Personal use or Commercial use licence' },
    ]);
    expect(rows[2].errors[0].field).toBe('price');
    expect(rows[3].errors.map((e: { field: string }) => e.field)).toEqual(['category', 'licence']);
    expect(rows[4].errors).toEqual([{ field: 'row', message: 'Each prompt must be an object' }]);
  });

  it('refuses files it cannot read, too large or with too many rows, creating nothing', async () => {
    const me = await user();
    const bad = async (content: string) => {
      const res = await call('POST', '/api/user/prompts/import', me.token, { content });
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('title,content\n"open quote,here')).toBe('Line 2: A quoted field is not closed');
    expect(await bad('name;text\nx;y')).toBe(
      'The CSV header must name a title (or act) column and a content (or prompt) column',
    );
    expect(await bad('{"prompts": 3}')).toBe(
      'A JSON file must be a Promptforge export, or a list of prompts',
    );
    expect(await bad('{not json')).toBe('The file is neither JSON nor CSV with a header row');
    expect(await bad('act,prompt\n')).toBe('The file has no prompts');
    const many = [
      'act,prompt',
      ...Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `Title ${i},Prompt text number ${i}`),
    ].join('\n');
    expect(await bad(many)).toBe('Import at most 500 prompts at a time');
    expect(await bad('x'.repeat(IMPORT_LIMITS.maxChars + 1))).toBe('The file must be at most 1 MB of text');
    expect(await countOwn(me.id)).toBe(0);
  });

  it('flags rows that nearly copy another creator’s listing, in the preview and on the drafts', async () => {
    const db = t.database.db;
    const other = await insertUser(db);
    const listing = await insertPrompt(db, other.id, { content: TRAVEL, title: 'Their lines' });
    const me = await user();
    const fresh = 'Draft a polite reminder to a client about the unpaid invoice {{number}}.';
    const csv = `title,content\nMine,"${TRAVEL_COPY}"\nFresh,"${fresh}"\n`;
    const preview = (
      await call('POST', '/api/user/prompts/import/preview', me.token, { content: csv })
    ).json().data;
    expect(preview.rows[0].nearDuplicate).toMatchObject({ id: listing.id, title: 'Their lines' });
    expect(preview.rows[1].nearDuplicate).toBeNull();
    await call('POST', '/api/user/prompts/import', me.token, { content: csv });
    const mine = (await call('GET', '/api/user/prompts?limit=50', me.token)).json().data.prompts;
    expect(mine.find((p: { title: string }) => p.title === 'Mine').nearDuplicate).toMatchObject({
      id: listing.id,
    });
    expect(mine.find((p: { title: string }) => p.title === 'Fresh').nearDuplicate).toBeNull();
  });
});
