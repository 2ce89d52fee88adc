import { describe, expect, it } from 'vitest';
import { promptVariableNames, splitPromptVariables } from './prompt-variables';

// The same cases as the public prompt page, so the preview marks what the page will mark.
describe('the upload preview finds variables as the prompt page does', () => {
  it('marks {{double brace}} and [bracket] variables and gives the text back when joined', () => {
    const text = 'Write about {{ topic }} for [audience].';
    expect(splitPromptVariables(text).filter((s) => s.kind === 'variable')).toEqual([
      { kind: 'variable', text: '{{ topic }}', name: 'topic' },
      { kind: 'variable', text: '[audience]', name: 'audience' },
    ]);
    expect(
      splitPromptVariables(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves citations, checkboxes, indices and Markdown links alone', () => {
    for (const text of [
      'See [1].',
      '- [ ] done',
      '- [x] done',
      'a[i + 1]',
      'Read [the docs](https://x.y).',
    ]) {
      expect(splitPromptVariables(text).every((s) => s.kind === 'text')).toBe(true);
    }
  });

  it('lists each variable once, in order of appearance', () => {
    expect(promptVariableNames('[Name] and {{topic}}, again [name] and {{ topic }}')).toEqual([
      'Name',
      'topic',
    ]);
  });
});
