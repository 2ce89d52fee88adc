/*
 * CSV as RFC 4180 writes it (decision 058: no CSV parser is among the dependencies, and the format
 * is small): fields separated by commas, records by CRLF or LF, a field in double quotes may hold
 * commas, line breaks and doubled quotes (""). A byte-order mark at the start is dropped. Used by
 * the prompts' import and export.
 */

export class CsvError extends Error {
  constructor(
    message: string,
    /** The 1-based line the problem starts on. */
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/** The records of a CSV text, each a list of fields, with the line each record starts on. */
export function parseCsv(text: string): { fields: string[]; line: number }[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedField = false;
  const endField = () => {
    fields.push(field);
    field = '';
    quotedField = false;
  };
  const endRecord = () => {
    endField();
    // A blank line (one empty field) is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: recordLine });
    fields = [];
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"' && field === '' && !quotedField) {
      // A quoted field: up to the closing quote; "" is one quote.
      const start = line;
      quotedField = true;
      i++;
      for (;;) {
        if (i >= src.length) throw new CsvError('A quoted field is not closed', start);
        const q = src[i]!;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      const after = src[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        throw new CsvError('A quoted field must end at a comma or the end of the line', line);
      }
      continue;
    }
    if (c === '"') throw new CsvError('A quote inside an unquoted field', line);
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    i++;
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return records;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One CSV record (CRLF-terminated), each field quoted when it must be. */
export const csvRecord = (fields: readonly string[]): string =>
  fields.map((f) => (needsQuotes.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',') + '\r\n';

/** A CSV text of a header and rows. */
export const toCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [header, ...rows].map(csvRecord).join('');
