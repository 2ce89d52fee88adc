import { describe, expect, it } from 'vitest';
import { hasMath, normalizeMath } from './math';

describe('normalizeMath', () => {
  it('turns \\( \\) into inline math and \\[ \\] into a display block', () => {
    expect(normalizeMath('Area is \\(\\pi r^2\\) here.')).toBe('Area is $$\\pi r^2$$ here.');
    expect(normalizeMath('So \\[ E = mc^2 \\] holds.')).toBe('So \n$$\nE = mc^2\n$$\n holds.');
    expect(normalizeMath('\\[\n\\int_0^1 x\\,dx\n\\]')).toBe('$$\n\\int_0^1 x\\,dx\n$$');
  });

  it('leaves code fences, inline code and prices alone', () => {
    const fenced = '```latex\n\\(x\\)\n```\nand \\(y\\)';
    expect(normalizeMath(fenced)).toBe('```latex\n\\(x\\)\n```\nand $$y$$');
    expect(normalizeMath('Use `\\(x\\)` to write \\(x\\)')).toBe('Use `\\(x\\)` to write $$x$$');
    const prices = 'Plans cost $5 to $10 a month.';
    expect(normalizeMath(prices)).toBe(prices);
    expect(hasMath(prices)).toBe(false);
  });
});
