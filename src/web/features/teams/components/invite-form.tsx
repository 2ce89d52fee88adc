import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { INVITATION_DAYS, TEAM_MESSAGES, TeamInviteSchema } from '@shared/teams';
import { Button } from '@/components/ui/button';
import { Field, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { type FieldErrors, hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { useInviteMember } from '../api/invite-member';
import { showTeamError } from './show-team-error';

const FIELDS = ['email', 'role'] as const;

/** Invites a teammate by e-mail; the link is mailed and works for seven days. */
export function InviteForm({ seatsLeft }: { seatsLeft: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [errors, setErrors] = useState<FieldErrors<(typeof FIELDS)[number]>>({});
  const invite = useInviteMember();
  const emailId = useId();
  const roleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaFieldErrors(TeamInviteSchema, { email, role }, FIELDS);
    setErrors(found);
    if (hasErrors(found)) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          withToast((toast) =>
            toast.success(TEAM_MESSAGES.invited(email.trim()), {
              description: `The link works for ${INVITATION_DAYS} days.`,
            }),
          );
          setEmail('');
        },
        onError: (err) => {
          const fromServer = serverFieldErrors(err, FIELDS);
          if (hasErrors(fromServer)) setErrors(fromServer);
          else showTeamError(err, 'Could not send the invitation');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Invite a teammate">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <Field id={emailId} label="E-mail" error={errors.email}>
          <Input
            {...describedBy(emailId, errors.email)}
            type="email"
            value={email}
            placeholder="teammate@example.com"
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors({});
            }}
          />
        </Field>
        <Field id={roleId} label="Role" error={errors.role}>
          <NativeSelect
            {...describedBy(roleId, errors.role)}
            value={role}
            onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'member')}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </NativeSelect>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={invite.isPending || seatsLeft <= 0}>
          {invite.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <SendIcon aria-hidden />
          )}
          Send invitation
        </Button>
        <p className="text-sm text-muted-foreground" data-testid="seats-left">
          {seatsLeft > 0
            ? `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left`
            : 'No seats left: remove a member, withdraw an invitation or upgrade the plan.'}
        </p>
      </div>
    </form>
  );
}
