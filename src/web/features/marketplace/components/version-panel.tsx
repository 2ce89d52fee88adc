import { X } from 'lucide-react';
import type { VersionSummary } from '@shared/versions';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useVersion } from '../api/get-version';
import { useVersionDiff } from '../api/get-version-diff';
import { VersionDiffView } from './version-diff-view';

export type VersionView = { kind: 'text'; version: number } | { kind: 'diff'; from: number; to: number };

interface VersionPanelProps {
  promptId: string;
  viewerId: string | null;
  versions: VersionSummary[];
  view: VersionView;
  onChange: (view: VersionView) => void;
  onClose: () => void;
}

/** Under the list: one version's text, or the changes between two chosen versions. */
export function VersionPanel({ promptId, viewerId, versions, view, onChange, onClose }: VersionPanelProps) {
  const text = useVersion(promptId, viewerId, view.kind === 'text' ? view.version : null);
  const diff = useVersionDiff(promptId, viewerId, view.kind === 'diff' ? view : null);
  const pick = (label: string, value: number, set: (n: number) => void) => (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <NativeSelect
        value={value}
        onChange={(e) => set(Number(e.target.value))}
        className="h-9"
        containerClassName="w-24"
        aria-label={`${label} version`}
      >
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
  const failed = view.kind === 'text' ? text.isError : diff.isError;
  return (
    <div className="border-t bg-muted/20 p-4 sm:p-5" data-testid="version-panel">
      <div className="mb-4 flex items-start gap-3">
        {view.kind === 'diff' ? (
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2">
            <h3 className="font-semibold">Changes</h3>
            {pick('From', view.from, (from) => onChange({ ...view, from }))}
            {pick('To', view.to, (to) => onChange({ ...view, to }))}
          </div>
        ) : (
          <h3 className="min-w-0 flex-1 font-semibold">Version {view.version}</h3>
        )}
        <Button size="icon" variant="ghost" className="size-8 shrink-0" onClick={onClose} aria-label="Close">
          <X aria-hidden />
        </Button>
      </div>
      {failed ? (
        <p className="text-sm text-muted-foreground">Could not load this version. Please try again.</p>
      ) : view.kind === 'diff' && diff.data ? (
        <VersionDiffView diff={diff.data} />
      ) : view.kind === 'text' && text.data ? (
        <div className="grid gap-3" data-testid="version-text">
          <p className="font-medium break-words">{text.data.title}</p>
          <p className="text-sm break-words text-muted-foreground">{text.data.description}</p>
          <pre className="max-h-[28rem] overflow-auto rounded-lg border bg-background p-4 font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap">
            {text.data.content}
          </pre>
        </div>
      ) : (
        <div className="grid gap-2" role="status" aria-label="Loading">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-24" />
        </div>
      )}
    </div>
  );
}
