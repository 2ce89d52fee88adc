import { LoaderCircleIcon, UserRoundIcon } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { type Settings, UpdateSettingsSchema } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateSettings } from '../api/update-settings';
import { hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { Field, describedBy } from '@/components/ui/form-field';
import { SectionCard } from '@/components/section-card';
import { useFieldValues } from '@/lib/use-field-values';

const FIELDS = ['name', 'email'] as const;

/** Name and e-mail. Saved changes show in the header at once. */
export function ProfileCard({ settings }: { settings: Settings }) {
  const { updateUser } = useAuth();
  const { values, setValues, errors, setErrors, set } = useFieldValues({
    name: settings.name,
    email: settings.email,
  });
  const update = useUpdateSettings();
  const ids = { name: useId(), email: useId() };

  const changed = values.name.trim() !== settings.name || values.email.trim() !== settings.email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: values.name, email: values.email };
    const found = schemaFieldErrors(UpdateSettingsSchema, body, FIELDS);
    setErrors(found);
    if (hasErrors(found)) return;
    update.mutate(
      { name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: ({ settings: saved }) => {
          setValues({ name: saved.name, email: saved.email });
          updateUser({ name: saved.name, email: saved.email });
          withToast((toast) =>
            toast.success('Profile Updated', { description: 'Your name and email have been saved.' }),
          );
        },
        onError: (err) => {
          const fromServer = serverFieldErrors(err, FIELDS);
          if (hasErrors(fromServer)) setErrors(fromServer);
          else showErrorToast(err, { title: 'Error', description: 'Failed to update profile' });
        },
      },
    );
  };

  return (
    <SectionCard
      id="profile"
      title="Profile"
      description="Your name appears on the prompts you publish. Your email is how you sign in."
      icon={<UserRoundIcon />}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.name} label="Full name" error={errors.name}>
            <Input
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              disabled={update.isPending}
              {...describedBy(ids.name, errors.name)}
            />
          </Field>
          <Field id={ids.email} label="Email" error={errors.email}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              disabled={update.isPending}
              {...describedBy(ids.email, errors.email)}
            />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!changed || update.isPending}>
            {update.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            {update.isPending ? 'Saving…' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
