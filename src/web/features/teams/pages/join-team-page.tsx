import { CheckIcon, LoaderCircleIcon, UsersIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { PAGE_PATHS } from '@shared/routes';
import { TEAM_MESSAGES } from '@shared/teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useJoinTeam } from '../api/join-team';

/** /team/join/:token: the invitation link from the mail; accepting puts the signed-in user in the team. */
export function JoinTeamPage() {
  const { token = '' } = useParams();
  const { user } = useAuth();
  const join = useJoinTeam();
  const navigate = useNavigate();

  const accept = () =>
    join.mutate(token, {
      onSuccess: (joined) => {
        withToast((toast) => toast.success(TEAM_MESSAGES.joined(joined.name)));
        void navigate(PAGE_PATHS.team);
      },
    });

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16 sm:px-6">
      <Card className="grid gap-5 p-6 text-center sm:p-8">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <UsersIcon className="size-6" aria-hidden />
        </div>
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Join a team</h1>
          <p className="text-sm text-muted-foreground">
            You were invited to a team on Promptforge. Accept to share its private prompt library
            {user ? (
              <>
                {' '}
                as <span className="font-medium text-foreground">{user.email}</span>
              </>
            ) : null}
            .
          </p>
        </div>
        {join.isError ? (
          <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {join.error instanceof Error ? join.error.message : TEAM_MESSAGES.invitationInvalid}
          </p>
        ) : null}
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={accept} disabled={join.isPending}>
            {join.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <CheckIcon aria-hidden />
            )}
            Accept invitation
          </Button>
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.team}>Not now</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
