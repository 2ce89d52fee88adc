import {
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  isValidElement,
  useEffect,
  useState,
} from 'react';
import { CodeIcon, WorkflowIcon } from 'lucide-react';
import type { ThemedToken } from 'shiki/core';
import { Button } from '@/components/ui/button';
import { grammarOf, highlight } from '../lib/highlight';
import { CopyButton } from './copy-button';
import { MermaidDiagram } from './mermaid-diagram';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/**
 * The coloured lines of `code`, or null while the grammar loads (and for languages without one).
 * While a reply streams the block grows: it is coloured again as it does, and shown plain until
 * the colours of the newest text arrive.
 */
function useTokens(code: string, grammar: string | null): ThemedToken[][] | null {
  const [result, setResult] = useState<{ code: string; lines: ThemedToken[][] } | null>(null);
  useEffect(() => {
    if (!grammar) return;
    let live = true;
    highlight(code, grammar).then(
      (lines) => live && setResult({ code, lines }),
      // A grammar that fails to load leaves the code plain, as it was.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, grammar]);
  return grammar && result?.code === code ? result.lines : null;
}

/**
 * A fenced code block in a reply: its language, a copy button, and Shiki's colours. A ```mermaid
 * block offers its diagram, drawn only when asked for (mermaid loads then).
 */
export function CodeBlock({ children }: ComponentProps<'pre'>) {
  const code = isValidElement(children) ? (children as ReactElement<{ className?: string }>) : null;
  const language = /language-([\w+#.-]+)/.exec(code?.props.className ?? '')?.[1];
  const text = textOf(children).replace(/\n$/, '');
  const lines = useTokens(text, grammarOf(language));
  const [diagram, setDiagram] = useState(false);
  const pre = (
    <pre className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed">
      {lines ? (
        <code data-highlighted="">
          {lines.map((line, i) => (
            <span key={i} className="block min-h-[1lh]">
              {line.map((token, j) => (
                <span key={j} style={{ color: token.color }}>
                  {token.content}
                </span>
              ))}
            </span>
          ))}
        </code>
      ) : (
        children
      )}
    </pre>
  );
  return (
    <div className="group/code my-4 overflow-hidden rounded-lg border bg-zinc-950 text-zinc-100 dark:bg-black/40">
      <div className="flex items-center justify-between border-b border-white/10 bg-white/5 py-1 pr-1 pl-3">
        <span className="font-mono text-xs text-zinc-400">{language ?? 'code'}</span>
        <div className="flex items-center gap-1">
          {language === 'mermaid' ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 text-xs text-zinc-400 hover:bg-white/10 hover:text-zinc-100"
              onClick={() => setDiagram((on) => !on)}
            >
              {diagram ? <CodeIcon aria-hidden /> : <WorkflowIcon aria-hidden />}
              {diagram ? 'Show code' : 'Show diagram'}
            </Button>
          ) : null}
          <CopyButton
            text={text}
            label="Copy code"
            showLabel
            className="text-zinc-400 hover:bg-white/10 hover:text-zinc-100"
          />
        </div>
      </div>
      {language === 'mermaid' && diagram ? <MermaidDiagram text={text} code={pre} /> : pre}
    </div>
  );
}
