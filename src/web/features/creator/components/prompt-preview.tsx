import { BracesIcon } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { promptVariableNames } from '@shared/prompt-variables';
import { HighlightedPrompt, VariableChips } from '@/components/highlighted-prompt';

/** The prompt text as buyers will read it, with {{variables}} and [variables] marked. React escapes every piece. */
export function ContentPreview({ content, className }: { content: string; className?: string }) {
  const variables = useMemo(() => promptVariableNames(content), [content]);
  const empty = content.trim() === '';

  return (
    <section
      aria-label="Live preview"
      className={cn('flex min-h-0 flex-col overflow-hidden rounded-lg border bg-muted/30', className)}
    >
      <div className="flex items-center justify-between gap-2 border-b bg-muted/40 px-3 py-2">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Live preview</p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <BracesIcon className="size-3.5" aria-hidden />
          {variables.length === 1 ? '1 variable' : `${variables.length} variables`}
        </p>
      </div>
      <pre
        data-testid="content-preview"
        className="min-h-28 flex-1 overflow-auto px-3 py-3 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap"
      >
        {empty ? (
          <span className="font-sans text-muted-foreground">
            Your prompt shows here as buyers will read it. Mark what they fill in as {'{{topic}}'} or [topic].
          </span>
        ) : (
          <HighlightedPrompt content={content} as="mark" />
        )}
      </pre>
      {variables.length > 0 ? (
        <VariableChips
          names={variables}
          label="Variables buyers fill in"
          className="border-t bg-muted/20 px-3 py-2"
        />
      ) : null}
    </section>
  );
}
