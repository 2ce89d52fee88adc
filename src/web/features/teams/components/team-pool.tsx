import { RotateCcwIcon } from 'lucide-react';
import type { Team } from '@shared/teams';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { useTeamPool } from '../api/get-team-pool';

const sessions = (n: number) => `${formatNumber(n)} ${n === 1 ? 'session' : 'sessions'}`;

/**
 * The team's shared playground sessions this month (decision 064): used of the plan's pool, when it
 * resets, and for owners and admins each member's use.
 */
export function TeamPool({ team }: { team: Team }) {
  const pool = useTeamPool();
  if (pool.isPending) {
    return (
      <div className="grid gap-2" aria-label="Loading the team's sessions">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-2 w-full" />
      </div>
    );
  }
  if (pool.isError) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>The team's sessions are unavailable right now.</span>
        <Button variant="outline" size="sm" onClick={() => void pool.refetch()}>
          <RotateCcwIcon aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  const { used, limit, resetsAt, members } = pool.data;
  if (limit === 0 && used === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="team-pool">
        The team's {team.planName} plan gives no shared playground sessions.
      </p>
    );
  }
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const usedUp = used >= limit;
  const byUser = new Map(members?.map((m) => [m.userId, m.sessions]));
  const current = team.members.reduce((sum, m) => sum + (byUser.get(m.userId) ?? 0), 0);
  const former = Math.max(0, used - current);
  return (
    <div className="grid gap-5">
      <div data-testid="team-pool">
        <p className="text-sm tabular-nums">
          <span className="font-medium" data-testid="team-pool-used">
            {formatNumber(used)} of {sessions(limit)} used this month
          </span>
        </p>
        <div
          role="progressbar"
          aria-label="Team sessions used this month"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-500',
              usedUp ? 'bg-destructive' : percent >= 80 ? 'bg-warning' : 'bg-primary',
            )}
            style={{ width: `${Math.max(percent, used > 0 ? 3 : 0)}%` }}
          />
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          {usedUp ? <span className="font-medium text-destructive">All used · </span> : null}
          Resets on {formatDate(resetsAt, 'long')}
        </p>
      </div>
      {members ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Each member's use this month</h3>
          <ul className="grid divide-y rounded-lg border text-sm" aria-label="Team sessions by member">
            {team.members.map((m) => (
              <li
                key={m.userId}
                data-testid="team-pool-member"
                className="flex items-center justify-between gap-3 px-4 py-2.5"
              >
                <span className="min-w-0 truncate">{m.name}</span>
                <span className="shrink-0 text-muted-foreground tabular-nums">
                  {sessions(byUser.get(m.userId) ?? 0)}
                </span>
              </li>
            ))}
            {former > 0 ? (
              <li className="flex items-center justify-between gap-3 px-4 py-2.5 text-muted-foreground">
                <span>Former members</span>
                <span className="shrink-0 tabular-nums">{sessions(former)}</span>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
