import { Check, Copy, FileText } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { promptVariableNames } from '@shared/prompt-variables';
import { HighlightedPrompt, VariableChips } from '@/components/highlighted-prompt';

/** The full prompt in a monospace panel, with Copy and the list of what to fill in. */
export function PromptTextPanel({ content }: { content: string }) {
  const { copied, copy } = useCopyToClipboard();
  const variables = useMemo(() => promptVariableNames(content), [content]);

  return (
    <section
      aria-labelledby="prompt-text-heading"
      className="overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b bg-muted/40 px-4 py-2.5">
        <h2 id="prompt-text-heading" className="flex items-center gap-2 text-sm font-semibold">
          <FileText className="size-4 text-muted-foreground" aria-hidden />
          Prompt
        </h2>
        <Button
          size="sm"
          variant={copied ? 'secondary' : 'outline'}
          onClick={() => void copy(content)}
          aria-live="polite"
        >
          {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <pre
        data-testid="prompt-content"
        className="max-h-[36rem] overflow-auto px-4 py-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap sm:px-5 sm:text-sm"
      >
        <HighlightedPrompt content={content} />
      </pre>
      {variables.length > 0 && (
        <div className="border-t bg-muted/20 px-4 py-3 sm:px-5">
          <p className="text-xs font-medium text-muted-foreground">
            {variables.length === 1 ? '1 part to fill in' : `${variables.length} parts to fill in`}
          </p>
          <VariableChips names={variables} label="Parts to fill in" className="mt-2" />
        </div>
      )}
    </section>
  );
}
