import type { DiffLine, DiffWord, VersionDiff } from '@shared/versions';
import { cn } from '@/lib/cn';

const MARK: Record<DiffLine['op'], string> = { same: ' ', add: '+', remove: '−' };
const LABEL: Record<DiffLine['op'], string> = { same: '', add: 'Added: ', remove: 'Removed: ' };

/**
 * A changed line's words: removed ones struck through in <del>, added ones underlined in <ins>, so
 * the change reads without colour and screen readers can name it.
 */
function Words({ words }: { words: DiffWord[] }) {
  return words.map((w, i) =>
    w.op === 'same' ? (
      <span key={i}>{w.text}</span>
    ) : w.op === 'remove' ? (
      <del key={i} className="rounded-sm bg-destructive/20 decoration-destructive decoration-2">
        <span className="sr-only">[removed: </span>
        {w.text}
        <span className="sr-only">]</span>
      </del>
    ) : (
      <ins
        key={i}
        className="rounded-sm bg-success/25 underline decoration-success decoration-2 underline-offset-2"
      >
        <span className="sr-only">[added: </span>
        {w.text}
        <span className="sr-only">]</span>
      </ins>
    ),
  );
}

/** Lines of one field's diff: removed lines red with −, added green with +, kept ones plain. */
function DiffLines({ lines }: { lines: DiffLine[] }) {
  return (
    <ol className="rounded-lg border bg-background font-mono text-[13px] leading-relaxed">
      {lines.map((line, i) => (
        <li
          key={i}
          data-op={line.op}
          className={cn(
            'flex gap-2 px-2 py-0.5 whitespace-pre-wrap [overflow-wrap:anywhere] sm:gap-3 sm:px-3',
            line.op === 'add' && 'bg-success/10 text-foreground',
            line.op === 'remove' && 'bg-destructive/10 text-foreground',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'w-3 shrink-0 select-none text-muted-foreground',
              line.op === 'add' && 'text-success',
              line.op === 'remove' && 'text-destructive',
            )}
          >
            {MARK[line.op]}
          </span>
          <span className="min-w-0 flex-1">
            <span className="sr-only">{LABEL[line.op]}</span>
            {line.words ? <Words words={line.words} /> : line.text === '' ? '\u00a0' : line.text}
          </span>
        </li>
      ))}
    </ol>
  );
}

const changed = (lines: DiffLine[]) => lines.some((l) => l.op !== 'same');

/** The change between two versions: the title and description where they changed, then the text. */
export function VersionDiffView({ diff }: { diff: VersionDiff }) {
  const fields = [
    { name: 'Title', lines: diff.title },
    { name: 'Description', lines: diff.description },
  ].filter((f) => changed(f.lines));
  const nothing = fields.length === 0 && !changed(diff.content);
  return (
    <div className="grid gap-4" data-testid="version-diff">
      {nothing ? (
        <p className="text-sm text-muted-foreground">
          These versions have the same title, description and text.
        </p>
      ) : null}
      {fields.map((f) => (
        <div key={f.name} className="grid gap-1.5">
          <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{f.name}</h4>
          <DiffLines lines={f.lines} />
        </div>
      ))}
      <div className="grid gap-1.5">
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Prompt</h4>
        <DiffLines lines={diff.content} />
      </div>
    </div>
  );
}
