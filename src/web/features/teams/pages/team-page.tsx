import {
  BookOpenIcon,
  GaugeIcon,
  KeyRoundIcon,
  LogOutIcon,
  SendIcon,
  ShoppingBagIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { withToast } from '@/lib/lazy-toast';
import { TEAM_MESSAGES, type Team } from '@shared/teams';
import { PageCardsLoading, PageLoadFailed } from '@/components/page-states';
import { ComparePlansNote } from '@/components/compare-plans-note';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useDeleteTeam } from '../api/delete-team';
import { useLeaveTeam } from '../api/leave-team';
import { useTeam } from '../api/get-team';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CreateTeamForm } from '../components/create-team-form';
import { InviteForm } from '../components/invite-form';
import { MembersList } from '../components/members-list';
import { showTeamError } from '../components/show-team-error';
import { TeamLibrary } from '../components/team-library';
import { TeamPool } from '../components/team-pool';
import { TeamApiKeys } from '../components/team-api-keys';
import { TeamPurchases } from '../components/team-purchases';
import { TransferOwnership } from '../components/transfer-ownership';

function TeamView({ team, userId }: { team: Team; userId: string }) {
  const leave = useLeaveTeam();
  const manager = team.myRole !== 'member';
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SectionCard
        id="team-members"
        title="Members"
        description={
          <span data-testid="team-seats">
            {team.seats.used} of {team.seats.allowed} seats used ({team.planName} plan)
          </span>
        }
        icon={<UsersIcon />}
      >
        <MembersList team={team} myUserId={userId} />
      </SectionCard>
      {manager ? (
        <SectionCard
          id="team-invite"
          title="Invite a teammate"
          description="They get an e-mail with a link; they accept it signed in with that address."
          icon={<SendIcon />}
        >
          <InviteForm seatsLeft={team.seats.allowed - team.seats.used} />
        </SectionCard>
      ) : null}
      <SectionCard
        id="team-library"
        title="Team library"
        description="Prompts shared with the team: every member reads them and uses them in the playground."
        icon={<BookOpenIcon />}
      >
        <TeamLibrary prompts={team.library} />
      </SectionCard>
      <SectionCard
        id="team-purchases"
        title="Bought for the team"
        description="Premium prompts bought once for everyone: each member reads them while in the team."
        icon={<ShoppingBagIcon />}
      >
        <TeamPurchases purchases={team.purchases} manager={manager} />
      </SectionCard>
      <SectionCard
        id="team-pool"
        title="Shared playground sessions"
        description="When your own sessions of the month are used up, new chats count against the team's pool."
        icon={<GaugeIcon />}
      >
        <TeamPool team={team} />
      </SectionCard>
      {manager ? (
        <SectionCard
          id="team-api-keys"
          title="Team API keys"
          description="Keys that act for the team: its library, its playground pool and its prompts. Each works while the owner or admin who made it still is one."
          icon={<KeyRoundIcon />}
        >
          <TeamApiKeys />
        </SectionCard>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        {team.myRole === 'owner' ? <TransferOwnership team={team} myUserId={userId} /> : null}
        {team.myRole === 'owner' ? <DeleteTeamButton team={team} /> : null}
        <ConfirmDialog
          mustAnswer
          closeOnConfirm
          title={`Leave ${team.name}?`}
          description="You lose access to the team's prompts at once. Prompts you wrote stay yours."
          confirmLabel="Leave team"
          onConfirm={() =>
            leave.mutate(undefined, {
              onSuccess: () => withToast((toast) => toast.success(TEAM_MESSAGES.left)),
              onError: (err) => showTeamError(err, 'Could not leave the team'),
            })
          }
          trigger={
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={leave.isPending}
            >
              <LogOutIcon aria-hidden />
              Leave team
            </Button>
          }
        />
      </div>
    </div>
  );
}

/** The owner's Delete team, asking first; what the team holds is said in the dialog (decision 063). */
function DeleteTeamButton({ team }: { team: Team }) {
  const remove = useDeleteTeam();
  const bought = team.purchases.length;
  const shared = team.library.length;
  return (
    <ConfirmDialog
      mustAnswer
      closeOnConfirm
      title={`Delete ${team.name}?`}
      description={
        <span className="grid gap-2" data-testid="delete-team-impact">
          <span>Every member loses access to the team at once. This cannot be undone.</span>
          {bought > 0 ? (
            <span>
              The {bought === 1 ? 'prompt' : `${bought} prompts`} bought for the team will be lost: no member
              keeps access, and nothing is refunded.
            </span>
          ) : null}
          {shared > 0 ? (
            <span>
              The team's {shared === 1 ? 'prompt goes' : `${shared} prompts go`} back to{' '}
              {shared === 1 ? 'its author' : 'their authors'}, private.
            </span>
          ) : null}
        </span>
      }
      confirmLabel="Delete team"
      onConfirm={() =>
        remove.mutate(
          { purchasesLost: bought > 0 },
          {
            onSuccess: () => withToast((toast) => toast.success(TEAM_MESSAGES.deleted)),
            onError: (err) => showTeamError(err, 'Could not delete the team'),
          },
        )
      }
      trigger={
        <Button variant="destructive" disabled={remove.isPending}>
          <Trash2Icon aria-hidden />
          Delete team
        </Button>
      }
    />
  );
}

/** /team: the user's team workspace, or making one when their plan has seats (issue 59). */
export function TeamPage() {
  const team = useTeam();
  const { user } = useAuth();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight break-words">
            {team.data?.team ? team.data.team.name : 'Team'}
          </h1>
          {team.data?.team ? <Badge variant="secondary">{roleLabel(team.data.team.myRole)}</Badge> : null}
        </div>
        <p className="mt-2 text-muted-foreground">
          A private prompt library for the people you work with: invite teammates, share prompts, and use them
          in the playground.
        </p>
      </header>
      {team.isPending ? (
        <PageCardsLoading label="Loading your team" />
      ) : team.isError ? (
        <PageLoadFailed what="your team" onRetry={() => void team.refetch()} />
      ) : team.data.team ? (
        <TeamView team={team.data.team} userId={user?.id ?? ''} />
      ) : team.data.planSeats > 1 ? (
        <SectionCard
          id="team-create"
          title="Create a team"
          description="You will be its owner."
          icon={<UsersIcon />}
        >
          <CreateTeamForm seats={team.data.planSeats} planName={team.data.planName} />
        </SectionCard>
      ) : (
        <SectionCard
          id="team-create"
          title="Teams"
          description={`Your ${team.data.planName} plan has one seat.`}
          icon={<UsersIcon />}
        >
          <ComparePlansNote testId="no-team-seats">
            Team workspaces come with plans that have more than one seat. If a teammate invites you, open the
            link in their e-mail to join their team.
          </ComparePlansNote>
        </SectionCard>
      )}
    </div>
  );
}

const roleLabel = (role: Team['myRole']) => ({ owner: 'Owner', admin: 'Admin', member: 'Member' })[role];
