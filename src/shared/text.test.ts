import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS } from '../../tests/support/hidden-characters';
import { displayText, hasHiddenCharacters } from './text';

const refused = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.integer({ min: 0x202a, max: 0x202e }),
  fc.integer({ min: 0x2066, max: 0x2069 }),
  fc.integer({ min: 0x200b, max: 0x200d }),
  fc.constantFrom(0x2060, 0xfeff),
  fc.integer({ min: 0xd800, max: 0xdfff }),
);
const refusedChar = refused.map((code) => String.fromCharCode(code));

/** Letters, marks and punctuation of many scripts, emoji and emoji sequences: all fine in a name. */
const fine = fc.constantFrom(
  ..."aZé0 -.'’&(),!?",
  'e\u0301', // e + combining acute (NFD)
  'ß',
  'Ø',
  'ł',
  'Ж',
  'ж',
  'Ω',
  'ש',
  'ب',
  'ह',
  'क्ष',
  '中',
  'ひ',
  '한',
  '😀',
  '👩‍💻',
  '👨‍👩‍👧',
  '🏳️‍🌈',
  '👍🏽',
  '🧑🏽‍🚀',
  '\u00A0', // no-break space
);
const fineText = fc.array(fine, { maxLength: 20 }).map((parts) => parts.join(''));

describe('hasHiddenCharacters', () => {
  it('accepts text made of letters, marks, punctuation and emoji of any script', () => {
    fc.assert(fc.property(fineText, (text) => !hasHiddenCharacters(text)));
  });

  it('refuses any refused character anywhere in otherwise fine text', () => {
    fc.assert(
      fc.property(fineText, refusedChar, fineText, (before, bad, after) => {
        // A joiner between two emoji is an emoji sequence (covered below).
        fc.pre(!(bad === '\u200D' && /\p{Extended_Pictographic}/u.test(after.slice(0, 2))));
        return hasHiddenCharacters(before + bad + after);
      }),
    );
  });

  it.each(Object.entries(HIDDEN_CHARACTERS))('refuses %s', (_name, bad) => {
    expect(hasHiddenCharacters(`Ada${bad}Lovelace`)).toBe(true);
  });

  it('accepts a zero-width joiner only inside an emoji sequence', () => {
    expect(hasHiddenCharacters('Dev 👩\u200D💻')).toBe(false);
    expect(hasHiddenCharacters('👍🏽\u200D😀')).toBe(false);
    for (const text of ['a\u200Db', '👩\u200D', '\u200D💻', '👩\u200Da', 'a\u200D💻', '👩\u200D\u200D💻'])
      expect(hasHiddenCharacters(text)).toBe(true);
  });

  it('keeps tab and line breaks in multi-line text, and refuses the rest there too', () => {
    expect(hasHiddenCharacters('one\ntwo\r\nthree\tfour', { multiline: true })).toBe(false);
    fc.assert(
      fc.property(fineText, refusedChar, (text, bad) => {
        fc.pre(!['\t', '\n', '\r'].includes(bad));
        return hasHiddenCharacters(`${text}${bad}.`, { multiline: true });
      }),
    );
  });

  it('accepts characters outside the Basic Multilingual Plane (their surrogates come in pairs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0x10000, max: 0x10ffff }), (code) => {
        // Astral characters are not controls or format characters, except the tags block.
        fc.pre(code < 0xe0000 || code > 0xe007f);
        return !hasHiddenCharacters(`a${String.fromCodePoint(code)}b`);
      }),
    );
  });
});

describe('displayText', () => {
  const name = displayText('Full name').min(1, 'Full name is required').max(100, 'Too long');

  it('stores fine text trimmed and composed (NFC)', () => {
    fc.assert(
      fc.property(fineText, fineText, (text, spaces) => {
        const padding = spaces.replace(/[^ ]/g, '');
        const result = name.safeParse(`${padding}${text}x${padding}`);
        expect(result.success && result.data).toBe(`${text}x`.trim().normalize('NFC'));
      }),
    );
    expect(name.parse('Rene\u0301e')).toBe('Renée');
    expect(name.parse('Renée')).toHaveLength(5);
  });

  it('refuses a refused character with a message naming the field, before any other rule', () => {
    fc.assert(
      fc.property(fineText, refusedChar, (text, bad) => {
        fc.pre(bad !== '\u200D');
        const result = name.safeParse(`x${bad}${text}${'y'.repeat(120)}`);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('Full name contains characters that are not allowed');
      }),
    );
  });
});
