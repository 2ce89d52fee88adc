import type { ReactNode } from 'react';
import { CircleCheckIcon, FlaskConicalIcon } from 'lucide-react';
import type { TestBoard, Tested } from '@shared/prompt-tests';
import { cn } from '@/lib/cn';
import { formatCostMicros, formatLatency } from '@/lib/format';
import { RelativeTime } from './relative-time';

/*
 * What a prompt's tests found (issue 56), as the prompt page and the creator studio show it: the
 * board per model, and the card's one-line badge. Numbers and model names only: the API sends
 * nothing of a run's text here.
 */

/** "Tested on Claude, ChatGPT · 2 days ago", or "Not yet tested" when its latest version passes on none. */
export function TestedLine({ tested, className }: { tested: Tested | null; className?: string }) {
  if (!tested) {
    return (
      <p
        className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}
        data-testid="prompt-tested"
      >
        <FlaskConicalIcon aria-hidden className="size-3.5 shrink-0" />
        Not yet tested
      </p>
    );
  }
  return (
    <p
      className={cn('flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground', className)}
      data-testid="prompt-tested"
      title={`Its latest version passed every test case on ${tested.on.join(', ')} (run on Promptforge)`}
    >
      <CircleCheckIcon aria-hidden className="size-3.5 shrink-0 text-success" />
      <span className="truncate">
        Tested on <span className="font-medium text-foreground/80">{tested.on.join(', ')}</span>,{' '}
        <RelativeTime value={tested.at} />
      </span>
    </p>
  );
}

/** The board: per model, passed / total, median latency, cost per run and the last run. */
export function TestBoardTable({ board, currency }: { board: TestBoard; currency?: string }) {
  return (
    <ul className="grid gap-2" aria-label="Test results by model" data-testid="test-board">
      {board.models.map((m) => {
        const allPassed = m.passed === m.total;
        return (
          <li
            key={m.key}
            className="grid grid-cols-2 items-center gap-x-4 gap-y-1.5 rounded-lg border bg-card px-3.5 py-3 text-sm sm:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))]"
            data-testid="test-board-model"
          >
            <span className="col-span-2 font-medium sm:col-span-1">{m.name}</span>
            <span className={cn('font-semibold tabular-nums', allPassed ? 'text-success' : 'text-warning')}>
              {m.passed}/{m.total} passed
            </span>
            <Figure
              label="Median latency"
              value={m.medianLatencyMs === null ? '—' : formatLatency(m.medianLatencyMs)}
            />
            <Figure label="Cost per run" value={formatCostMicros(m.costPerRunMicros, currency)} />
            <Figure label="Last run" value={<RelativeTime value={m.lastRunAt} />} />
          </li>
        );
      })}
    </ul>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <span className="flex flex-col">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="tabular-nums">{value}</span>
    </span>
  );
}
