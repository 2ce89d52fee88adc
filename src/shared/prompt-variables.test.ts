import { describe, expect, it } from 'vitest';
import { promptVariableNames, splitPromptVariables } from './prompt-variables';

const join = (content: string) =>
  splitPromptVariables(content)
    .map((s) => s.text)
    .join('');

describe('splitPromptVariables', () => {
  it('finds both {{double brace}} and [bracket] variables', () => {
    expect(splitPromptVariables('Write about {{ topic }} for [audience].')).toEqual([
      { kind: 'text', text: 'Write about ' },
      { kind: 'variable', text: '{{ topic }}', name: 'topic' },
      { kind: 'text', text: ' for ' },
      { kind: 'variable', text: '[audience]', name: 'audience' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves citations, checkboxes, indices and markdown links as text', () => {
    for (const text of [
      'See [1].',
      'Pick [2].',
      '- [ ] done',
      '- [x] done',
      'a[i + 1]',
      'items[key]',
      'Read [the docs](https://x.y).',
    ]) {
      expect(splitPromptVariables(text).every((s) => s.kind === 'text')).toBe(true);
      expect(join(text)).toBe(text);
    }
  });

  it('takes a list of choices as one variable', () => {
    expect(promptVariableNames('Level: [A1 / A2 / B1]. Stack: [e.g. TypeScript + Vitest]')).toEqual([
      'A1 / A2 / B1',
      'e.g. TypeScript + Vitest',
    ]);
  });

  it('gives the text back unchanged when its segments are joined', () => {
    const text = 'Product: [name], [one-line description]\n{{tone}} and {{ tone }}; {{}} [ ] {{a{b}}';
    expect(join(text)).toBe(text);
  });

  it('does not run across lines', () => {
    expect(splitPromptVariables('[open\nclose] {{a\nb}}').every((s) => s.kind === 'text')).toBe(true);
  });
});

describe('promptVariableNames', () => {
  it('lists each variable once, in order of appearance', () => {
    expect(promptVariableNames('[Name] and {{topic}}, again [name] and {{ topic }}')).toEqual([
      'Name',
      'topic',
    ]);
  });

  it('is empty for a prompt without variables', () => {
    expect(promptVariableNames('Plain text.')).toEqual([]);
  });
});
