import { ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PromptExample } from '@shared/prompt-tests';
import { formatDate } from '@/lib/format';

/*
 * A verified example (issue 56, decision 069): a run Promptforge made and stored, which the creator
 * chose to show: its input, its output, the model and the date, marked "Run on Promptforge". The
 * prompt page and the creator studio show it alike. Plain text only: it is text others read, so
 * nothing in it is rendered as markup. The date is in UTC, the same on the server and in the browser
 * (decision 019).
 */
export function ExampleCard({ example, action }: { example: PromptExample; action?: ReactNode }) {
  const variables = Object.entries(example.variables);
  const hasInput = variables.length > 0 || example.input.trim() !== '';
  return (
    <article className="min-w-0 rounded-xl border bg-card" data-testid="prompt-example">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b px-4 py-2.5 text-xs">
        <span
          className="inline-flex items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 font-semibold text-success"
          title="Promptforge ran this and stored its answer; the creator only chose it"
        >
          <ShieldCheckIcon aria-hidden className="size-3.5" />
          Run on Promptforge
        </span>
        <span className="font-medium">{example.model}</span>
        <span className="text-muted-foreground">
          {formatDate(example.runAt, 'mediumUtc')}
          {example.version !== null ? ` · version ${example.version}` : ''}
          {example.source === 'test' ? ' · test run' : ' · playground run'}
        </span>
        {action ? <span className="ml-auto">{action}</span> : null}
      </header>
      <div className="grid gap-3 p-4 text-sm">
        {hasInput ? (
          <div className="grid gap-1.5">
            <h4 className="text-xs font-medium text-muted-foreground">Input</h4>
            {variables.length > 0 ? (
              <dl className="grid gap-1">
                {variables.map(([name, value]) => (
                  <div key={name} className="flex min-w-0 flex-wrap gap-x-1.5">
                    <dt className="font-mono text-xs text-muted-foreground">{name}:</dt>
                    <dd className="min-w-0 break-words whitespace-pre-wrap">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {example.input.trim() !== '' ? (
              <p
                className="max-h-40 overflow-y-auto break-words whitespace-pre-wrap"
                // Scrolls when long: reachable by keyboard, named for what it holds.
                tabIndex={0}
                role="region"
                aria-label={`Input of the run on ${example.model}`}
              >
                {example.input}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <h4 className="text-xs font-medium text-muted-foreground">Output</h4>
          <div
            className="max-h-80 overflow-y-auto rounded-md bg-muted/40 p-3 leading-relaxed break-words whitespace-pre-wrap"
            data-testid="prompt-example-output"
            tabIndex={0}
            role="region"
            aria-label={`Output of the run on ${example.model}`}
          >
            {example.output}
          </div>
        </div>
      </div>
    </article>
  );
}
