import { RotateCwIcon, ScrollTextIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog } from '../audit/api/get-audit-log';
import { AuditChanges } from '../audit/components/audit-changes';
import { Pager } from '../audit/components/pager';
import { RelativeTime } from '@/components/relative-time';

const ALL = 'all';

/** 'settings.theme' -> the group 'settings'. */
const groupOf = (action: string) => action.split('.')[0] ?? action;

/** /admin/audit: every admin action, newest first: who, what, on what, when, and what changed. */
export function AdminAuditPage() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState(ALL);
  const [actorText, setActorText] = useState('');
  const [actor, setActor] = useState('');

  // Search by admin e-mail once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setActor(actorText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [actorText]);

  const audit = useAuditLog({ page, action: action === ALL ? '' : action, actor });
  const actions = audit.data?.actions ?? [];
  const groups = [...new Set(actions.map(groupOf))];

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Audit Log</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Every change made in the admin panel: who made it, when, and what it changed.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative sm:max-w-xs sm:flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={actorText}
            onChange={(e) => setActorText(e.target.value)}
            placeholder="Filter by admin e-mail"
            aria-label="Filter by admin e-mail"
            className="pl-9"
          />
        </div>
        <Select
          value={action}
          onValueChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        >
          <SelectTrigger className="sm:w-60" aria-label="Filter by action">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All actions</SelectItem>
            {groups.map((group) => (
              <SelectItem key={`group:${group}`} value={group}>
                All {group} actions
              </SelectItem>
            ))}
            {actions.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {audit.isPending ? (
        <Card className="grid gap-4 p-6" aria-busy="true" aria-label="Loading the audit log">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </Card>
      ) : audit.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load the audit log</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {audit.error.message || 'Please try refreshing the page'}
            <Button size="sm" variant="outline" onClick={() => void audit.refetch()}>
              <RotateCwIcon aria-hidden />
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : audit.data.entries.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ScrollTextIcon className="size-6" aria-hidden />
          </div>
          <p className="font-medium">No admin actions found</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {actor || action !== ALL
              ? 'Nothing matches these filters. Try another admin or action.'
              : 'Changes made in the admin panel will be listed here.'}
          </p>
        </Card>
      ) : (
        <>
          <Card className="divide-y overflow-hidden" aria-busy={audit.isFetching}>
            {audit.data.entries.map((entry) => (
              <article key={entry.id} className="grid gap-3 p-4 sm:grid-cols-[12rem_1fr] sm:gap-6 sm:p-5">
                <div className="grid content-start gap-1 text-sm">
                  <RelativeTime value={entry.createdAt} className="font-medium" />
                  <span className="truncate text-muted-foreground" title={entry.actor.email}>
                    {entry.actor.email}
                  </span>
                  {entry.ip ? (
                    <span className="font-mono text-xs text-muted-foreground">{entry.ip}</span>
                  ) : null}
                </div>
                <div className="grid min-w-0 gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary" className="font-mono">
                      {entry.action}
                    </Badge>
                    <span className="text-xs text-muted-foreground">
                      on {entry.targetType}
                      {entry.targetId ? (
                        <span className="font-mono" title={entry.targetId}>
                          {' '}
                          {entry.targetId.slice(0, 8)}
                        </span>
                      ) : null}
                    </span>
                  </div>
                  <AuditChanges before={entry.before} after={entry.after} />
                </div>
              </article>
            ))}
          </Card>
          <Pager pagination={audit.data.pagination} onPage={setPage} noun={['entry', 'entries']} />
        </>
      )}
    </div>
  );
}
