import type { Kysely } from 'kysely';
import type { Category, PromptStatus } from '../../../shared/constants';
import { toCsv } from '../../../shared/csv';
import { LICENCES, type Licence, licenceInfo } from '../../../shared/licences';
import {
  CSV_COLUMNS,
  EXPORT_FORMAT,
  type ExportedPrompt,
  IMPORT_MESSAGES,
  ImportFileError,
  type ImportPreview,
  type ImportRequestSchema,
  type ImportResult,
  type ImportRow,
  type ImportedFields,
  judgeRow,
  readImportFile,
} from '../../../shared/prompt-transfer';
import type { DB } from '../../db/types';
import { fieldError } from '../../lib/errors';
import { assertPromptPrice, fromMinor } from '../../lib/money';
import { parseTags } from '../../lib/prompt-fields';
import { newId, nowIso } from '../../lib/time';
import type { AuthContext } from '../../plugins/app/auth';
import { toMinorExact } from '../../../shared/pricing';
import type { z } from 'zod';
import { nearDuplicateFinder } from './near-duplicates';
import * as repo from './repository';
import { type CreatorDeps, assertPromptLicence, insertNewPrompt } from './service';

/*
 * A creator's prompts exported (JSON or CSV, with their licence) and imported (issue 57, decision
 * 058): the file is read into rows (shared/prompt-transfer.ts), each judged by the studio's schema
 * and checked for near duplicates; the preview shows every row's errors, the import creates drafts
 * for the accepted rows only, all in one transaction.
 */

type ImportInput = z.output<typeof ImportRequestSchema>;

async function exportedPrompts(db: Kysely<DB>, authorId: string): Promise<ExportedPrompt[]> {
  const rows = await repo.allOwnPrompts(db, authorId);
  const sources = new Map(
    (await repo.promptLinks(db, [...new Set(rows.map((r) => r.remix_of).filter((x) => x !== null))])).map(
      (l) => [l.id, l.slug],
    ),
  );
  return rows.map((r) => {
    const licence = licenceInfo(r.licence);
    return {
      title: r.title,
      description: r.description,
      content: r.content,
      category: r.category as Category,
      tags: parseTags(r.tags),
      isPaid: r.type === 'premium',
      price: fromMinor(r.price_minor),
      licence: licence.id,
      licenceName: licence.label,
      licenceTerms: licence.summary,
      status: r.status as PromptStatus,
      slug: r.slug,
      remixOf: r.remix_of ? (sources.get(r.remix_of) ?? null) : null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

/** Every prompt of the creator's, as a file: Promptforge's JSON export or CSV (CSV_COLUMNS). */
export async function exportPrompts(
  { db }: Pick<CreatorDeps, 'db'>,
  auth: AuthContext,
  format: 'json' | 'csv',
): Promise<{ filename: string; contentType: string; body: string }> {
  const prompts = await exportedPrompts(db, auth.userId);
  const day = nowIso().slice(0, 10);
  if (format === 'json') {
    const body = JSON.stringify(
      { format: EXPORT_FORMAT, version: 1, exportedAt: nowIso(), prompts },
      null,
      2,
    );
    return {
      filename: `promptforge-prompts-${day}.json`,
      contentType: 'application/json; charset=utf-8',
      body,
    };
  }
  const rows = prompts.map((p) =>
    CSV_COLUMNS.map((c) => {
      const v = p[c];
      if (Array.isArray(v)) return v.join(', ');
      if (c === 'price') return p.price.toFixed(2);
      return v === null ? '' : String(v);
    }),
  );
  return {
    filename: `promptforge-prompts-${day}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: toCsv(CSV_COLUMNS, rows),
  };
}

interface JudgedRow {
  preview: ImportRow;
  fields: ImportedFields | null;
}

/** Every row of the file judged, with its near duplicate; a file that cannot be read is refused. */
async function judgeFile(deps: Pick<CreatorDeps, 'db' | 'engine'>, auth: AuthContext, input: ImportInput) {
  let file;
  try {
    file = readImportFile(input.content);
  } catch (err) {
    if (err instanceof ImportFileError) throw fieldError('content', err.message);
    throw err;
  }
  const rows: JudgedRow[] = [];
  const findNearDuplicate = nearDuplicateFinder(deps, auth.userId);
  for (const raw of file.rows) {
    const judged = judgeRow(raw, input.licence);
    const errors = judged.ok ? [] : judged.errors;
    let fields = judged.ok ? judged.fields : null;
    if (fields) {
      // The rules the server holds on every prompt row, judged as the row would be written.
      const problem = rowProblem(fields);
      if (problem) {
        errors.push(problem);
        fields = null;
      }
    }
    const nearDuplicate = fields ? await findNearDuplicate(fields.content) : null;
    const title = typeof judged.input.title === 'string' ? judged.input.title.trim() : '';
    rows.push({
      fields,
      preview: {
        row: raw.row,
        line: raw.line,
        title: fields?.title ?? title,
        category: fields?.category ?? String(judged.input.category ?? ''),
        licence: fields?.licence ?? String(judged.input.licence ?? ''),
        isPaid: fields?.isPaid ?? judged.input.isPaid === true,
        valid: fields !== null,
        errors,
        nearDuplicate,
      },
    });
  }
  return { source: file.source, rows };
}

function rowProblem(fields: ImportedFields): { field: string; message: string } | null {
  try {
    const row = rowOf(fields);
    assertPromptPrice(row);
    assertPromptLicence(row);
    return null;
  } catch (err) {
    const detail = (err as { details?: { field: string; message: string }[] }).details?.[0];
    return detail ?? { field: 'row', message: (err as Error).message };
  }
}

function rowOf(fields: ImportedFields) {
  const type = fields.isPaid ? 'premium' : 'free';
  const licence: Licence = fields.licence ?? 'personal';
  return {
    type,
    price_minor: fields.isPaid ? toMinorExact(fields.price ?? Number.NaN) : 0,
    licence: (LICENCES as readonly string[]).includes(licence) ? licence : 'personal',
  };
}

/** The import's preview: every row with its errors and near duplicate; nothing is written. */
export async function previewImport(
  deps: Pick<CreatorDeps, 'db' | 'engine'>,
  auth: AuthContext,
  input: ImportInput,
): Promise<ImportPreview> {
  const { source, rows } = await judgeFile(deps, auth, input);
  const valid = rows.filter((r) => r.fields).length;
  return { source, rows: rows.map((r) => r.preview), valid, invalid: rows.length - valid };
}

/**
 * Creates a draft for each accepted row (valid, and chosen when `input.rows` is given), all in one
 * transaction: either every accepted row becomes a draft or none does.
 */
export async function importPrompts(
  deps: Pick<CreatorDeps, 'db' | 'engine'>,
  auth: AuthContext,
  input: ImportInput,
): Promise<ImportResult> {
  const { rows } = await judgeFile(deps, auth, input);
  const chosen = input.rows ? new Set(input.rows) : null;
  const accepted = rows.filter((r) => r.fields && (!chosen || chosen.has(r.preview.row)));
  if (accepted.length === 0) throw fieldError('rows', IMPORT_MESSAGES.noRowsChosen);
  const now = nowIso();
  const created: ImportResult['created'] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const r of accepted) {
      const f = r.fields!;
      const row = rowOf(f);
      const id = newId();
      await insertNewPrompt(trx, {
        id,
        author_id: auth.userId,
        title: f.title,
        description: f.description,
        content: f.content,
        category: f.category,
        tags: JSON.stringify(f.tags),
        type: row.type,
        price_minor: row.price_minor,
        licence: row.licence,
        status: 'draft',
        duplicate_of: r.preview.nearDuplicate?.id ?? null,
        duplicate_similarity: r.preview.nearDuplicate?.similarity ?? null,
        created_at: now,
        updated_at: now,
        published_at: null,
      });
      created.push({ row: r.preview.row, id, title: f.title });
    }
  });
  const made = new Set(created.map((c) => c.row));
  return { created, skipped: rows.map((r) => r.preview.row).filter((n) => !made.has(n)) };
}
