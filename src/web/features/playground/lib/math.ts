import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['remarkPlugins']>;

/*
 * TeX in replies, typeset by KaTeX (remark-math finds it, rehype-katex turns it into elements, no
 * HTML strings). Models write it as `$$...$$`, `\[...\]` or `\(...\)`; a single `$` is not math
 * here, so prices ("$5 to $10") stay text. The plugins, KaTeX and its stylesheet load only when a
 * reply first holds math.
 */

const FENCE = /^(`{3,}|~{3,})/;

/**
 * The text with `\[...\]` as a display block and `\(...\)` as `$$...$$` inline math, outside code
 * fences and inline code.
 */
export function normalizeMath(text: string): string {
  if (!text.includes('\\[') && !text.includes('\\(')) return text;
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const open = FENCE.exec(line.trimStart())?.[1];
      if (fence) {
        if (open && open[0] === fence[0] && open.length >= fence.length) fence = null;
        return line;
      }
      if (open) {
        fence = open;
        return line;
      }
      // Inline code spans keep their text: only the parts between them change.
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, i) =>
          i % 2 === 1
            ? part
            : part
                .replace(/\\\[(.+?)\\\]/g, (_, tex: string) => `\n$$\n${tex.trim()}\n$$\n`)
                .replace(/^\s*\\\[\s*$/, '$$$$')
                .replace(/^\s*\\\]\s*$/, '$$$$')
                .replace(/\\\((.+?)\\\)/g, (_, tex: string) => `$$${tex.trim()}$$`),
        )
        .join('');
    })
    .join('\n');
}

/** Whether the (normalized) text holds any math to typeset. */
export const hasMath = (text: string) => text.includes('$$');

let plugins: Promise<{ remark: PluggableList; rehype: PluggableList }> | null = null;

/** remark-math and rehype-katex with KaTeX's stylesheet, loaded once. */
export function loadMath() {
  plugins ??= Promise.all([
    import('remark-math'),
    import('rehype-katex'),
    import('katex/dist/katex.min.css'),
  ]).then(([{ default: remarkMath }, { default: rehypeKatex }]) => ({
    remark: [[remarkMath, { singleDollarTextMath: false }]],
    // A formula KaTeX cannot read is shown as its source in red, not thrown.
    rehype: [[rehypeKatex, { throwOnError: false, strict: 'ignore' }]],
  }));
  return plugins;
}
