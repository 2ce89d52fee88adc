import { LoaderCircleIcon, UsersIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { TEAM_MESSAGES, TeamCreateSchema } from '@shared/teams';
import { Button } from '@/components/ui/button';
import { Field, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type FieldErrors, hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { useCreateTeam } from '../api/create-team';
import { showTeamError } from './show-team-error';

const FIELDS = ['name'] as const;

/** The form that makes a team, for a user whose plan has seats for one. */
export function CreateTeamForm({ seats, planName }: { seats: number; planName: string }) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'name'>>({});
  const create = useCreateTeam();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaFieldErrors(TeamCreateSchema, { name }, FIELDS);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(
      { name },
      {
        onSuccess: () => withToast((toast) => toast.success(TEAM_MESSAGES.created)),
        onError: (err) => {
          const fromServer = serverFieldErrors(err, FIELDS);
          if (hasErrors(fromServer)) setErrors(fromServer);
          else showTeamError(err, 'Could not create the team');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create a team">
      <p className="text-sm text-muted-foreground">
        Your {planName} plan has {seats} seats: you and up to {seats - 1} teammates share a private prompt
        library.
      </p>
      <Field id={id} label="Team name" error={errors.name}>
        <Input
          {...describedBy(id, errors.name)}
          value={name}
          maxLength={60}
          placeholder="e.g. Growth marketing"
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }}
        />
      </Field>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <UsersIcon aria-hidden />
          )}
          Create team
        </Button>
      </div>
    </form>
  );
}
