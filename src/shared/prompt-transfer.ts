import { z } from 'zod';
import { CATEGORIES, type Category, PROMPT_STATUSES } from './constants';
import { NewPromptFieldsSchema } from './creator';
import { CsvError, parseCsv } from './csv';
import { DEFAULT_LICENCE, LICENCES, LicenceSchema } from './licences';

/*
 * A creator's prompts out and in (issue 57, decision 058): the export's formats, the import's
 * files (Promptforge's own export, a JSON list, a CSV with a header, the `act,prompt` layout of
 * prompts.chat / awesome-chatgpt-prompts included) read into rows, each row judged by the studio's
 * own schema (NewPromptFieldsSchema).
 */

export const EXPORT_FORMAT = 'promptforge.prompts';
export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format must be json or csv' }).default('json'),
});

/** The CSV export's columns, in order; an import reads the same names. */
export const CSV_COLUMNS = [
  'title',
  'description',
  'content',
  'category',
  'tags',
  'isPaid',
  'price',
  'licence',
  'status',
  'slug',
  'remixOf',
  'createdAt',
  'updatedAt',
] as const;

/** One prompt as the export writes it. */
export const ExportedPromptSchema = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  isPaid: z.boolean(),
  /** Dollars. */
  price: z.number(),
  licence: z.enum(LICENCES),
  /** The licence's name and terms, for whoever reads the file. */
  licenceName: z.string(),
  licenceTerms: z.string(),
  status: z.enum(PROMPT_STATUSES),
  slug: z.string(),
  /** The slug of the prompt it was remixed from. */
  remixOf: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportedPrompt = z.infer<typeof ExportedPromptSchema>;

export const IMPORT_LIMITS = {
  /** Characters of the file's text. */
  maxChars: 1_000_000,
  maxRows: 500,
} as const;

export const IMPORT_MESSAGES = {
  empty: 'The file has no prompts',
  tooLarge: `The file must be at most ${IMPORT_LIMITS.maxChars / 1_000_000} MB of text`,
  tooManyRows: `Import at most ${IMPORT_LIMITS.maxRows} prompts at a time`,
  notJson: 'The file is neither JSON nor CSV with a header row',
  jsonShape: 'A JSON file must be a Promptforge export, or a list of prompts',
  csvColumns: 'The CSV header must name a title (or act) column and a content (or prompt) column',
  rowShape: 'Each prompt must be an object',
  noRowsChosen: 'Choose at least one valid row to import',
} as const;

export const ImportRequestSchema = z.object({
  /** The file's text. */
  content: z
    .string({ error: IMPORT_MESSAGES.empty })
    .min(1, IMPORT_MESSAGES.empty)
    .max(IMPORT_LIMITS.maxChars, IMPORT_MESSAGES.tooLarge),
  /** The licence of rows that name none. */
  licence: LicenceSchema.optional().default(DEFAULT_LICENCE),
  /** The rows (numbers from the preview) to create; all valid rows when left out. */
  rows: z.array(z.number().int().min(1)).max(IMPORT_LIMITS.maxRows).optional(),
});
export type ImportRequest = z.input<typeof ImportRequestSchema>;

export const IMPORT_SOURCES = ['promptforge', 'json', 'csv', 'prompts-chat'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const NearDuplicateSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  similarity: z.number(),
});

export const ImportRowSchema = z.object({
  /** 1-based, in the file's order. */
  row: z.number().int(),
  /** The CSV line it starts on; null for JSON. */
  line: z.number().int().nullable(),
  title: z.string(),
  category: z.string(),
  licence: z.string(),
  isPaid: z.boolean(),
  valid: z.boolean(),
  errors: z.array(FieldErrorSchema),
  /** A published listing by someone else whose text this row nearly matches. */
  nearDuplicate: NearDuplicateSchema.nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportPreviewSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  rows: z.array(ImportRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  created: z.array(z.object({ row: z.number().int(), id: z.string(), title: z.string() })),
  /** Rows left out: invalid, or not chosen. */
  skipped: z.array(z.number().int()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** A file that cannot be read as rows at all. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

type Raw = Record<string, unknown>;
export interface RawRow {
  row: number;
  line: number | null;
  data: Raw;
}

/** Field names as files spell them, to the studio's. */
const ALIASES: Record<string, string> = {
  title: 'title',
  name: 'title',
  act: 'title',
  description: 'description',
  content: 'content',
  prompt: 'content',
  text: 'content',
  category: 'category',
  tags: 'tags',
  ispaid: 'isPaid',
  is_paid: 'isPaid',
  paid: 'isPaid',
  type: 'type',
  price: 'price',
  licence: 'licence',
  license: 'licence',
};

function normaliseKeys(data: Raw): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(data)) {
    const name = ALIASES[k.trim().toLowerCase()];
    if (name && !(name in out)) out[name] = v;
  }
  return out;
}

/** Reads a file's text into raw rows, and which kind of file it was. */
export function readImportFile(text: string): { source: ImportSource; rows: RawRow[] } {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new ImportFileError(IMPORT_MESSAGES.empty);
  let read: { source: ImportSource; rows: RawRow[] };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) read = readJson(trimmed);
  else read = readCsv(trimmed);
  if (read.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (read.rows.length > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return read;
}

function readJson(text: string): { source: ImportSource; rows: RawRow[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notJson);
  }
  let list: unknown;
  let source: ImportSource = 'json';
  if (Array.isArray(value)) list = value;
  else if (value && typeof value === 'object' && Array.isArray((value as Raw).prompts)) {
    list = (value as Raw).prompts;
    if ((value as Raw).format === EXPORT_FORMAT) source = 'promptforge';
  } else throw new ImportFileError(IMPORT_MESSAGES.jsonShape);
  return {
    source,
    rows: (list as unknown[]).map((item, i) => ({
      row: i + 1,
      line: null,
      data:
        item && typeof item === 'object' && !Array.isArray(item)
          ? normaliseKeys(item as Raw)
          : { __notObject: true },
    })),
  };
}

function readCsv(text: string): { source: ImportSource; rows: RawRow[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new ImportFileError(`Line ${err.line}: ${err.message}`);
    throw err;
  }
  const [header, ...body] = records;
  if (!header) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const names = header.fields.map((h) => ALIASES[h.trim().toLowerCase()] ?? null);
  if (!names.includes('title') || !names.includes('content')) {
    throw new ImportFileError(IMPORT_MESSAGES.csvColumns);
  }
  const lower = header.fields.map((h) => h.trim().toLowerCase());
  const source: ImportSource = lower.includes('act') && lower.includes('prompt') ? 'prompts-chat' : 'csv';
  return {
    source,
    rows: body.map((r, i) => {
      const data: Raw = {};
      names.forEach((name, j) => {
        if (name && !(name in data) && r.fields[j] !== undefined) data[name] = r.fields[j];
      });
      return { row: i + 1, line: r.line, data };
    }),
  };
}

const DESCRIPTION_FROM_TEXT = 160;

/** A description made from the text, for files that carry none (the `act,prompt` layout). */
export function descriptionFrom(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_FROM_TEXT) return flat;
  const cut = flat.slice(0, DESCRIPTION_FROM_TEXT - 1);
  const atWord = cut.lastIndexOf(' ') > DESCRIPTION_FROM_TEXT / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord}…`;
}

/** The category of rows that name none. */
export const IMPORT_DEFAULT_CATEGORY: Category = 'writing';

const flag = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', 'yes', '1', 'premium', 'paid'].includes(s)) return true;
  if (['false', 'no', '0', 'free', ''].includes(s)) return false;
  return v;
};
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A raw row as the studio's form would send it: defaults for what the file leaves out. */
export function rowInput(data: Raw, licence: string): Raw {
  const content = typeof data.content === 'string' ? data.content : data.content;
  const isPaid =
    data.isPaid !== undefined ? flag(data.isPaid) : data.type !== undefined ? flag(data.type) : false;
  const category = blankToUndefined(data.category);
  return {
    title: data.title,
    description:
      blankToUndefined(data.description) ??
      (typeof content === 'string' ? descriptionFrom(content) : undefined),
    content,
    category:
      typeof category === 'string' ? category.trim().toLowerCase() : (category ?? IMPORT_DEFAULT_CATEGORY),
    tags: blankToUndefined(data.tags),
    isPaid,
    price: isPaid === true ? blankToUndefined(data.price) : undefined,
    licence: blankToUndefined(data.licence) ?? licence,
  };
}

export type ImportedFields = z.output<typeof NewPromptFieldsSchema>;

/** A row judged by the studio's schema: its fields, or its errors field by field. */
export function judgeRow(
  raw: RawRow,
  licence: string,
):
  | { ok: true; fields: ImportedFields; input: Raw }
  | { ok: false; errors: { field: string; message: string }[]; input: Raw } {
  if (raw.data.__notObject) {
    return { ok: false, errors: [{ field: 'row', message: IMPORT_MESSAGES.rowShape }], input: {} };
  }
  const input = rowInput(raw.data, licence);
  const parsed = NewPromptFieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, fields: parsed.data, input };
  const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'row', message: i.message }));
  return { ok: false, errors, input };
}
