import { CrownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { TEAM_MESSAGES, type Team } from '@shared/teams';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { withToast } from '@/lib/lazy-toast';
import { useTransferTeam } from '../api/transfer-team';
import { showTeamError } from './show-team-error';

/**
 * The owner's Transfer ownership (decision 063): they choose an admin or a member, who becomes the
 * owner; the owner becomes an admin. Asked in a dialog first.
 */
export function TransferOwnership({ team, myUserId }: { team: Team; myUserId: string }) {
  const transfer = useTransferTeam();
  const [open, setOpen] = useState(false);
  const candidates = team.members.filter((m) => m.userId !== myUserId && m.role !== 'owner');
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const target = candidates.find((m) => m.userId === chosen) ?? candidates[0];

  if (candidates.length === 0) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CrownIcon aria-hidden />
        Transfer ownership
      </Button>
      <ConfirmDialog
        mustAnswer
        open={open}
        onOpenChange={setOpen}
        pending={transfer.isPending}
        title={`Transfer ${team.name}?`}
        description={
          <span className="grid gap-3">
            <span>
              The member you choose becomes the team's owner, and you become an admin. They can then delete
              the team or hand it on again.
            </span>
            <span className="grid gap-1.5">
              <label htmlFor={selectId} className="font-medium text-foreground">
                New owner
              </label>
              <NativeSelect
                id={selectId}
                value={target?.userId ?? ''}
                onChange={(e) => setChosen(e.target.value)}
                disabled={transfer.isPending}
              >
                {candidates.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name} ({m.role === 'admin' ? 'Admin' : 'Member'})
                  </option>
                ))}
              </NativeSelect>
            </span>
          </span>
        }
        confirmLabel="Transfer ownership"
        variant="default"
        confirmDisabled={!target}
        onConfirm={() => {
          if (!target) return;
          transfer.mutate(
            { userId: target.userId },
            {
              onSuccess: () => {
                setOpen(false);
                withToast((toast) => toast.success(TEAM_MESSAGES.transferred(target.name)));
              },
              onError: (err) => showTeamError(err, 'Could not transfer the team'),
            },
          );
        }}
      />
    </>
  );
}
