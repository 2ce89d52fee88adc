import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { splitPromptVariables } from '@shared/prompt-variables';

/**
 * Prompt text with the fill-in parts ({{topic}}, [topic]) styled, each in `as` (a span, or a mark where they are
 * pointed out). React escapes every piece, so prompt text can never become markup.
 */
export function HighlightedPrompt({ content, as: Tag = 'span' }: { content: string; as?: 'span' | 'mark' }) {
  const segments = useMemo(() => splitPromptVariables(content), [content]);
  return (
    <>
      {segments.map((segment, i) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <Tag
            key={i}
            data-variable={segment.name}
            className="rounded-sm bg-primary/12 px-0.5 font-medium text-primary ring-1 ring-primary/20 ring-inset dark:bg-primary/15"
          >
            {segment.text}
          </Tag>
        ),
      )}
    </>
  );
}

/** A prompt's fill-in parts as chips, named `label` for screen readers. */
export function VariableChips({
  names,
  label,
  className,
}: {
  names: readonly string[];
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {names.map((name) => (
        <li
          key={name}
          className="max-w-full truncate rounded-md bg-primary/10 px-2 py-0.5 font-mono text-xs text-primary"
          title={name}
        >
          {name}
        </li>
      ))}
    </ul>
  );
}
