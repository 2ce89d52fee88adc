import { type ComponentProps, type ReactElement, type ReactNode, isValidElement, memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/cn';
import { CopyButton } from './copy-button';

/*
 * AI replies as Markdown (CommonMark and GitHub tables, task lists, strikethrough). Safety comes from
 * react-markdown itself: it builds React elements, never innerHTML, ignores raw HTML in the text
 * (no rehype-raw here, on purpose) and drops javascript: and other unsafe link targets. Remote
 * images are shown as links, so a reply cannot make the browser fetch an address by itself.
 */

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function CodeBlock({ children }: ComponentProps<'pre'>) {
  const code = isValidElement(children) ? (children as ReactElement<{ className?: string }>) : null;
  const language = /language-([\w+#.-]+)/.exec(code?.props.className ?? '')?.[1];
  const text = textOf(children).replace(/\n$/, '');
  return (
    <div className="group/code my-4 overflow-hidden rounded-lg border bg-zinc-950 text-zinc-100 dark:bg-black/40">
      <div className="flex items-center justify-between border-b border-white/10 bg-white/5 py-1 pr-1 pl-3">
        <span className="font-mono text-xs text-zinc-400">{language ?? 'code'}</span>
        <CopyButton
          text={text}
          label="Copy code"
          showLabel
          className="text-zinc-400 hover:bg-white/10 hover:text-zinc-100"
        />
      </div>
      <pre className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed">{children}</pre>
    </div>
  );
}

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

/** One AI reply rendered as Markdown; memoised so earlier messages do not re-render while one streams. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="text-[15px] break-words [&>*:first-child]:mt-0 [&>*:last-child]:mb-0">
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
