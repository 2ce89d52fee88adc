import { memo, useEffect, useState } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/cn';
import { hasMath, loadMath, normalizeMath } from '../lib/math';
import { CodeBlock } from './code-block';

/*
 * AI replies as Markdown (CommonMark and GitHub tables, task lists, strikethrough). Safety comes from
 * react-markdown itself: it builds React elements, never innerHTML, ignores raw HTML in the text
 * (no rehype-raw here, on purpose) and drops javascript: and other unsafe link targets. Remote
 * images are shown as links, so a reply cannot make the browser fetch an address by itself. Code is
 * coloured by Shiki (code-block.tsx) and TeX typeset by KaTeX (lib/math.ts), both loaded on first use.
 */

const components: Components = {
  pre: CodeBlock,
  code: ({ className, children }) =>
    // Inside a <pre> the block styles it; alone it is inline code.
    className?.includes('language-') || String(children).includes('\n') ? (
      <code className={className}>{children}</code>
    ) : (
      <code className="rounded bg-foreground/[0.07] px-1.5 py-0.5 font-mono text-[0.875em] dark:bg-white/10">
        {children}
      </code>
    ),
  p: ({ children }) => <p className="my-3 leading-7 first:mt-0 last:mb-0">{children}</p>,
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-primary underline underline-offset-4 hover:no-underline"
    >
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
        {alt || 'image'}
      </a>
    ) : null,
  ul: ({ children, className }) => (
    <ul
      className={cn(
        'my-3 space-y-1.5 pl-6',
        className?.includes('contains-task-list') ? 'list-none pl-1' : 'list-disc',
      )}
    >
      {children}
    </ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="my-3 list-decimal space-y-1.5 pl-6 marker:text-muted-foreground">
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="leading-7 [&>p]:my-1">{children}</li>,
  h1: ({ children }) => (
    <h3 className="mt-6 mb-3 text-xl font-semibold tracking-tight first:mt-0">{children}</h3>
  ),
  h2: ({ children }) => (
    <h3 className="mt-6 mb-3 text-lg font-semibold tracking-tight first:mt-0">{children}</h3>
  ),
  h3: ({ children }) => <h4 className="mt-5 mb-2 text-base font-semibold first:mt-0">{children}</h4>,
  h4: ({ children }) => <h5 className="mt-4 mb-2 font-semibold first:mt-0">{children}</h5>,
  h5: ({ children }) => <h6 className="mt-4 mb-2 font-semibold first:mt-0">{children}</h6>,
  h6: ({ children }) => <h6 className="mt-4 mb-2 font-semibold first:mt-0">{children}</h6>,
  blockquote: ({ children }) => (
    <blockquote className="my-4 border-l-2 border-primary/50 pl-4 text-muted-foreground italic">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="my-6 border-border" />,
  table: ({ children }) => (
    <div className="my-4 overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-muted/60">{children}</thead>,
  th: ({ children, style }) => (
    <th style={style} className="border-b px-3 py-2 text-left font-semibold">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-b px-3 py-2 align-top [tr:last-child>&]:border-b-0">
      {children}
    </td>
  ),
  input: ({ checked, type }) =>
    type === 'checkbox' ? (
      <input type="checkbox" checked={checked} disabled className="mr-2 translate-y-px accent-primary" />
    ) : null,
};

const remarkPlugins = [remarkGfm];
type MathPlugins = Awaited<ReturnType<typeof loadMath>>;

/** The math plugins once a text needs them (and for every text after they loaded). */
function useMathPlugins(needed: boolean): MathPlugins | null {
  const [math, setMath] = useState<MathPlugins | null>(null);
  useEffect(() => {
    if (!needed || math) return;
    let live = true;
    loadMath().then(
      (plugins) => live && setMath(plugins),
      // Without them the TeX stays readable as its source.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, math]);
  return math;
}

/** One AI reply rendered as Markdown; memoised so earlier messages do not re-render while one streams. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const source = normalizeMath(text);
  const math = useMathPlugins(hasMath(source));
  return (
    <div className="text-[15px] break-words [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_.katex-display]:overflow-x-auto [&_.katex-display]:py-1">
      <ReactMarkdown
        remarkPlugins={math ? [...remarkPlugins, ...math.remark] : remarkPlugins}
        rehypePlugins={math?.rehype}
        components={components}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
});
