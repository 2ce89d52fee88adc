import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, toCsv } from './csv';

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv (RFC 4180)', () => {
  it('reads plain records with LF or CRLF, and drops blank lines and a BOM', () => {
    expect(fieldsOf('\uFEFFa,b\r\n1,2\n\n3,\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', ''],
    ]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes, and numbers their lines', () => {
    const records = parseCsv(
      'act,prompt\n"Linux Terminal","I want you to act as a ""terminal"",\nreply only"\nx,y',
    );
    expect(records.map((r) => r.fields)).toEqual([
      ['act', 'prompt'],
      ['Linux Terminal', 'I want you to act as a "terminal",\nreply only'],
      ['x', 'y'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('reads a last record without a line break, and an empty quoted field', () => {
    expect(fieldsOf('a,"",c')).toEqual([['a', '', 'c']]);
  });

  it('refuses an unclosed quote, a quote inside a bare field and text after a closing quote', () => {
    expect(() => parseCsv('a,"open\nb')).toThrow(new CsvError('A quoted field is not closed', 1));
    expect(() => parseCsv('a,b"c')).toThrow(CsvError);
    expect(() => parseCsv('"a"b,c')).toThrow(CsvError);
  });

  it('reads back what toCsv writes, whatever the fields hold', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r\n', 'é', '😀') });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const header = ['h1', 'h2'];
        const width = (r: string[]) => r.slice(0, 2);
        const written = toCsv(header, rows.map(width));
        expect(fieldsOf(written)).toEqual(
          [header, ...rows.map(width)].filter((r) => !(r.length === 1 && r[0] === '')),
        );
      }),
    );
  });
});
