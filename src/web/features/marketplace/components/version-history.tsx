import { GitCompareArrows, History, Lock, RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { VersionList, VersionSummary } from '@shared/versions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useVersions } from '../api/get-versions';
import { useMarkLibrarySeen } from '../api/mark-library-seen';
import { RestoreVersionDialog } from './restore-version-dialog';
import { VersionPanel, type VersionView } from './version-panel';

/**
 * The prompt's versions (issue 57): number, date and changelog note for everyone; each version's
 * text and the changes between any two for those who may read the text; Restore for its author.
 * A notice's link (?version=N#versions) opens the changes that made version N; the library's
 * (?from=A&to=B#versions) the changes since the version the user last saw. Opening the page tells
 * the library the viewer saw the current version.
 */
export function VersionHistory({ promptId, viewerId }: { promptId: string; viewerId: string | null }) {
  const query = useVersions(promptId, viewerId);
  const [params] = useSearchParams();
  const location = useLocation();
  const [chosen, setChosen] = useState<VersionView | null | undefined>(undefined);
  const [restoring, setRestoring] = useState<VersionSummary | null>(null);
  const data = query.data;
  const view = chosen === undefined ? linkedView(data, params) : chosen;
  useMarkLibrarySeen(promptId, viewerId, data?.versions[0]?.version);

  // The page's own scroll to #versions happens before the list has loaded.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && location.hash === '#versions') document.getElementById('versions')?.scrollIntoView();
  }, [loaded, location.hash]);

  return (
    <section aria-labelledby="versions" className="scroll-mt-24">
      <h2 id="versions" className="scroll-mt-24 text-2xl font-bold tracking-tight">
        Version history
      </h2>
      <div className="mt-5 rounded-xl border bg-card shadow-sm">
        {data ? (
          <>
            <ol className="divide-y" aria-label="Versions">
              {data.versions.map((v) => (
                <VersionRow
                  key={v.version}
                  version={v}
                  list={data}
                  onView={() => setChosen({ kind: 'text', version: v.version })}
                  onChanges={() => setChosen({ kind: 'diff', from: v.version - 1, to: v.version })}
                  onRestore={() => setRestoring(v)}
                />
              ))}
            </ol>
            {!data.canRead ? (
              <p className="flex items-center gap-2 border-t bg-muted/30 px-5 py-3 text-sm text-muted-foreground">
                <Lock className="size-4 shrink-0" aria-hidden />
                Buy this prompt to read every version and what changed. Buyers own every version.
              </p>
            ) : null}
            {view && data.canRead ? (
              <VersionPanel
                promptId={promptId}
                viewerId={viewerId}
                versions={data.versions}
                view={view}
                onChange={setChosen}
                onClose={() => setChosen(null)}
              />
            ) : null}
          </>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 p-5 text-sm text-muted-foreground">
            Could not load the version history.
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </div>
        ) : (
          <div className="grid gap-3 p-5" role="status" aria-label="Loading versions">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
      </div>
      <RestoreVersionDialog
        promptId={promptId}
        version={restoring}
        next={(data?.versions[0]?.version ?? 0) + 1}
        onDone={(restored) => {
          setRestoring(null);
          if (restored) setChosen(null);
        }}
      />
    </section>
  );
}

/** The changes a link asks for (?version=N: those that made N; ?from=A&to=B), when the viewer may read them. */
function linkedView(data: VersionList | undefined, params: URLSearchParams): VersionView | null {
  const version = Number(params.get('version'));
  const [from, to] = params.has('from')
    ? [Number(params.get('from')), Number(params.get('to'))]
    : [version - 1, version];
  const exists = (n: number) => data?.versions.some((v) => v.version === n) ?? false;
  if (!data?.canRead || from === to || !exists(from) || !exists(to)) return null;
  return { kind: 'diff', from, to };
}

function VersionRow(props: {
  version: VersionSummary;
  list: VersionList;
  onView: () => void;
  onChanges: () => void;
  onRestore: () => void;
}) {
  const { version: v, list } = props;
  return (
    <li
      className="flex flex-wrap items-start gap-x-4 gap-y-2 px-5 py-3.5"
      data-testid={`version-${v.version}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="flex items-center gap-1.5 font-semibold">
            <History className="size-4 text-muted-foreground" aria-hidden />
            Version {v.version}
          </span>
          {v.current ? <Badge variant="secondary">Current</Badge> : null}
          <time dateTime={v.createdAt} className="text-sm text-muted-foreground">
            {formatDate(v.createdAt, 'medium')}
          </time>
        </div>
        <p className="mt-1 text-sm break-words">
          {v.note ?? <span className="text-muted-foreground italic">No changelog note</span>}
        </p>
      </div>
      {list.canRead ? (
        <div className="flex flex-wrap gap-1.5">
          <Button size="sm" variant="ghost" onClick={props.onView} aria-label={`View version ${v.version}`}>
            View
          </Button>
          {v.version > 1 ? (
            <Button
              size="sm"
              variant="outline"
              onClick={props.onChanges}
              aria-label={`Changes in version ${v.version}`}
            >
              <GitCompareArrows aria-hidden />
              Changes
            </Button>
          ) : null}
          {list.canRestore && !v.current ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={props.onRestore}
              aria-label={`Restore version ${v.version}`}
            >
              <RotateCcw aria-hidden />
              Restore
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
