import { withToast } from '@/lib/lazy-toast';
import { TEAM_MESSAGES, type Team, type TeamRole } from '@shared/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDate } from '@/lib/format';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useSetMemberRole } from '../api/set-member-role';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { showTeamError } from './show-team-error';

const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The team's members (roles and removal for owners and admins) and its open invitations. */
export function MembersList({ team, myUserId }: { team: Team; myUserId: string }) {
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const manager = team.myRole !== 'member';
  const busy = setRole.isPending || remove.isPending || revoke.isPending;

  return (
    <div className="grid gap-6">
      <ul className="grid gap-3" aria-label="Members">
        {team.members.map((m) => {
          const mine = m.userId === myUserId;
          // Admins manage members and admins; owners manage everyone (the server says the same).
          const canManage = manager && !mine && (team.myRole === 'owner' || m.role !== 'owner');
          return (
            <li
              key={m.userId}
              data-testid="team-member"
              className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{m.name}</span>
                  {mine ? <Badge variant="secondary">You</Badge> : null}
                </div>
                <span className="text-sm break-all text-muted-foreground">{m.email}</span>
                <span className="text-xs text-muted-foreground">Joined {formatDate(m.joinedAt)}</span>
              </div>
              {canManage ? (
                <div className="flex items-center gap-2">
                  <NativeSelect
                    aria-label={`Role of ${m.name}`}
                    value={m.role}
                    disabled={busy}
                    containerClassName="w-32"
                    onChange={(e) =>
                      setRole.mutate(
                        { userId: m.userId, role: e.target.value as TeamRole },
                        {
                          onSuccess: () => withToast((toast) => toast.success(TEAM_MESSAGES.roleChanged)),
                          onError: (err) => showTeamError(err, 'Could not change the role'),
                        },
                      )
                    }
                  >
                    {(team.myRole === 'owner'
                      ? (['owner', 'admin', 'member'] as const)
                      : (['admin', 'member'] as const)
                    ).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                  <ConfirmDialog
                    mustAnswer
                    closeOnConfirm
                    title={`Remove ${m.name}?`}
                    description="They lose access to the team's prompts at once. You can invite them again later."
                    confirmLabel="Remove"
                    onConfirm={() =>
                      remove.mutate(m.userId, {
                        onSuccess: () =>
                          withToast((toast) =>
                            toast.success(TEAM_MESSAGES.removed, {
                              description: `${m.name} no longer sees the team's prompts.`,
                            }),
                          ),
                        onError: (err) => showTeamError(err, 'Could not remove the member'),
                      })
                    }
                    trigger={
                      <Button
                        variant="outline"
                        size="sm"
                        className="text-destructive hover:text-destructive"
                        disabled={busy}
                        aria-label={`Remove ${m.name}`}
                      >
                        Remove
                      </Button>
                    }
                  />
                </div>
              ) : (
                <Badge
                  variant={m.role === 'member' ? 'secondary' : 'default'}
                  className="self-start sm:self-center"
                >
                  {ROLE_LABELS[m.role]}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
      {manager && team.invitations.length > 0 ? (
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold">Invitations waiting</h3>
          <ul className="grid gap-3" aria-label="Invitations waiting">
            {team.invitations.map((i) => (
              <li
                key={i.id}
                data-testid="team-invitation"
                className="flex flex-col gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium break-all">{i.email}</span>
                  <span className="text-xs text-muted-foreground">
                    {ROLE_LABELS[i.role]} · link expires {formatDate(i.expiresAt)}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-center"
                  disabled={busy}
                  aria-label={`Withdraw the invitation of ${i.email}`}
                  onClick={() =>
                    revoke.mutate(i.id, {
                      onSuccess: () => withToast((toast) => toast.success(TEAM_MESSAGES.invitationRevoked)),
                      onError: (err) => showTeamError(err, 'Could not withdraw the invitation'),
                    })
                  }
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
