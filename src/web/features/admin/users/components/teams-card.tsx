import { RotateCwIcon, UsersRoundIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatNumber } from '@/lib/format';
import { useAdminTeams } from '../api/get-admin-teams';

/** The admin users page's Teams section: each team, its account holder, plan and seats (issue 59). */
export function TeamsCard() {
  const teams = useAdminTeams();
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="admin-teams-title">
      <div className="flex items-center gap-3 border-b p-4">
        <UsersRoundIcon className="size-5 text-primary" aria-hidden />
        <div>
          <h2 id="admin-teams-title" className="font-semibold">
            Teams
          </h2>
          <p className="text-sm text-muted-foreground">
            Seats used are members and open invitations, within the account holder's plan; shared sessions are
            those drawn from the team's playground pool.
          </p>
        </div>
      </div>
      {teams.isPending ? (
        <div className="p-4">
          <Skeleton className="h-24 rounded-lg" />
        </div>
      ) : teams.isError ? (
        <div className="flex flex-col items-center gap-3 p-8 text-center text-sm">
          <p>Failed to load teams</p>
          <Button variant="outline" size="sm" onClick={() => void teams.refetch()}>
            <RotateCwIcon aria-hidden />
            Try Again
          </Button>
        </div>
      ) : teams.data.length === 0 ? (
        <p className="p-8 text-center text-sm text-muted-foreground">No teams yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Team</TableHead>
                <TableHead>Owner</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead className="text-right">Seats</TableHead>
                <TableHead className="text-right">Prompts</TableHead>
                <TableHead className="text-right">Shared sessions</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {teams.data.map((t) => (
                <TableRow key={t.id} data-testid="admin-team-row">
                  <TableCell className="font-medium">{t.name}</TableCell>
                  <TableCell>
                    {t.owner ? (
                      <div className="grid">
                        <span>{t.owner.name}</span>
                        <span className="text-xs text-muted-foreground">{t.owner.email}</span>
                      </div>
                    ) : (
                      <span className="text-muted-foreground">No owner</span>
                    )}
                  </TableCell>
                  <TableCell>{t.planName}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(t.seats.members + t.seats.pending)} / {formatNumber(t.seats.allowed)}
                    {t.seats.pending > 0 ? (
                      <span className="block text-xs text-muted-foreground">
                        {formatNumber(t.seats.pending)} invited
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(t.prompts)}</TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="admin-team-pool">
                    {formatNumber(t.playground.used)} / {formatNumber(t.playground.limit)}
                    <span className="block text-xs text-muted-foreground">this month</span>
                  </TableCell>
                  <TableCell>{formatDate(t.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
