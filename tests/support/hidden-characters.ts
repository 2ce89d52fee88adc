/** One character of every kind that names and titles refuse (src/shared/text.ts), by name. */
export const HIDDEN_CHARACTERS = {
  NUL: '\u0000',
  'a control character (ESC)': '\u001B',
  DEL: '\u007F',
  'a C1 control (NEL)': '\u0085',
  'a line feed': '\n',
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'right-to-left isolate': '\u2067',
  'pop directional isolate': '\u2069',
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'word joiner': '\u2060',
  'zero-width no-break space (BOM)': '\uFEFF',
  'a lone high surrogate': '\uD83D',
  'a lone low surrogate': '\uDE00',
} as const;
