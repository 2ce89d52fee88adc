import {
  FlaskConicalIcon,
  MessageSquareIcon,
  PinIcon,
  RefreshCwIcon,
  SearchIcon,
  Trash2Icon,
} from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import type { ModelInfo, SessionSummary } from '@shared/playground';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useSessions } from '../api/get-sessions';
import { modelName } from '../lib/models';
import { ImportButton } from './import-button';
import { SessionMenu } from './session-menu';

interface RecentSessionsProps {
  sessions: readonly SessionSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  activeId: string | null;
  onOpen: (id: string) => void;
  onDelete: (session: SessionSummary) => Promise<void>;
  /** The server's models, to name each conversation's. */
  models: readonly ModelInfo[];
}

/**
 * The user's saved conversations, pinned first: search them (titles and message text), open one to
 * continue it, rename, pin, export or delete it (after a confirmation).
 */
export function RecentSessions({
  sessions: all,
  loading,
  failed,
  onRetry,
  activeId,
  onOpen,
  onDelete,
  models,
}: RecentSessionsProps) {
  const [confirming, setConfirming] = useState<SessionSummary | null>(null);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const found = useSessions(q);
  const searching = q !== '';
  const sessions = searching ? found.data : all;
  const [deleting, setDeleting] = useState(false);
  // What the dialog shows while it animates out after closing.
  const confirmingTitle = useLastPresent(confirming ? confirming.title : null);
  // After a delete the row that opened the dialog is gone: the focus goes to the row that took its
  // place, else the one above, else the search box (never back to the top of the page).
  const deleted = useRef<{ id: string; at: number } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const focusAfterDelete = (event: Event) => {
    const gone = deleted.current;
    deleted.current = null;
    if (!gone) return;
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-session-row]') ?? [])].filter(
      (row) => row.dataset.sessionRow !== gone.id,
    );
    const target = rows[gone.at] ?? rows[gone.at - 1] ?? searchBox.current;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await onDelete(confirming);
      deleted.current = { id: confirming.id, at: sessions?.indexOf(confirming) ?? 0 };
      setConfirming(null);
    } catch {
      // The failure toast says what went wrong; the dialog stays so the user can try again.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby="playground-recent" className="flex min-h-0 flex-1 flex-col">
      <div className="mb-2 flex items-center justify-between gap-2 px-1">
        <h2
          id="playground-recent"
          className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
        >
          Recent Sessions
          {sessions && sessions.length > 0 ? (
            <span className="font-normal tabular-nums normal-case">{sessions.length}</span>
          ) : null}
        </h2>
        <ImportButton />
      </div>

      {(all && all.length > 0) || searching ? (
        <div className="relative mb-2">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchBox}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search conversations"
            aria-label="Search conversations"
            className="h-9 pl-8"
          />
        </div>
      ) : null}

      {/* Always on the page, so a screen reader hears each change of the count as the user types. */}
      <p className="sr-only" role="status">
        {searching && sessions
          ? sessions.length === 1
            ? '1 conversation found'
            : `${sessions.length === 0 ? 'No' : sessions.length} conversations found`
          : ''}
      </p>
      {searching && sessions && sessions.length === 0 ? (
        <p className="px-2.5 py-3 text-sm text-muted-foreground">No conversations match “{q}”.</p>
      ) : sessions && sessions.length > 0 ? (
        <ul
          ref={list}
          className="-mx-1 flex min-h-0 flex-col gap-0.5 overflow-y-auto px-1 pb-1"
          data-testid="recent-sessions"
        >
          {sessions.map((session) => {
            const active = session.id === activeId;
            return (
              <li key={session.id} className="group relative">
                <button
                  type="button"
                  data-session-row={session.id}
                  onClick={() => onOpen(session.id)}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'flex w-full cursor-pointer flex-col gap-0.5 rounded-lg py-2 pr-18 pl-2.5 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
                  )}
                >
                  <span className="flex items-center gap-1.5 text-sm font-medium">
                    {session.prompt ? (
                      <>
                        <FlaskConicalIcon aria-hidden className="size-3.5 shrink-0 text-primary" />
                        <span className="sr-only">Prompt try: </span>
                      </>
                    ) : null}
                    <span className="truncate">{session.title}</span>
                    {session.pinned ? (
                      <PinIcon
                        role="img"
                        aria-label="Pinned"
                        className="size-3 shrink-0 text-muted-foreground"
                      />
                    ) : null}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {formatRelativeTime(session.updatedAt)} · {modelName(session.model, models)} ·{' '}
                    {session.messageCount} {session.messageCount === 1 ? 'message' : 'messages'}
                  </span>
                </button>
                <SessionMenu session={session} />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => setConfirming(session)}
                  className="absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground opacity-0 group-hover:opacity-100 hover:text-destructive focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
                  aria-label={`Delete conversation: ${session.title}`}
                  title="Delete conversation"
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : loading || (searching && found.isPending) ? (
        <div className="flex flex-col gap-3 px-2.5 py-1" role="status">
          <span className="sr-only">Loading sessions…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-1.5">
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
      ) : failed ? (
        <div className="rounded-lg border border-dashed px-3 py-4 text-center text-sm">
          <p className="text-muted-foreground">Could not load your sessions.</p>
          <Button variant="ghost" size="sm" className="mt-1" onClick={onRetry}>
            <RefreshCwIcon aria-hidden />
            Retry
          </Button>
        </div>
      ) : (
        <div className="rounded-lg border border-dashed px-3 py-6 text-center">
          <MessageSquareIcon aria-hidden className="mx-auto size-5 text-muted-foreground/70" />
          <p className="mt-2 text-sm font-medium">No recent sessions</p>
          <p className="mt-0.5 text-xs text-muted-foreground">Your conversations are saved here.</p>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        pending={deleting}
        title="Delete this conversation?"
        description={`“${confirmingTitle ?? ''}” and all its messages will be deleted. This cannot be undone.`}
        descriptionClassName="break-words"
        icon={<Trash2Icon aria-hidden />}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCloseAutoFocus={focusAfterDelete}
      />
    </section>
  );
}
