import { UserRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { type AdminSettings, ProfileUpdateSchema } from '@shared/admin-settings';
import { LIMITS } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { firstError, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { Field, describedBy } from '@/components/ui/form-field';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { useFieldValues } from '@/lib/use-field-values';
import { SettingsCard } from './settings-card';

const FIELDS = ['name', 'email', 'currentPassword', 'newPassword', 'confirmPassword'] as const;
const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Full name, e-mail and an optional password change (the current password is checked). */
export function ProfileCard({ profile }: { profile: AdminSettings['profile'] }) {
  const { values, setValues, errors, setErrors, set } = useFieldValues({ ...profile, ...NO_PASSWORDS });
  const update = useUpdateAdminSettings();
  const ids = {
    name: useId(),
    email: useId(),
    currentPassword: useId(),
    newPassword: useId(),
    confirmPassword: useId(),
  };
  const hint = `At least ${LIMITS.adminPasswordMin} characters. Leave blank to keep your password.`;

  const save = () => {
    const changingPassword = Boolean(values.newPassword || values.confirmPassword || values.currentPassword);
    const body = changingPassword ? values : { name: values.name, email: values.email };
    const found = schemaFieldErrors(ProfileUpdateSchema, body, FIELDS);
    if (changingPassword && !values.newPassword && !found.newPassword) {
      found.newPassword = `Password must be at least ${LIMITS.adminPasswordMin} characters`;
    }
    setErrors(found);
    const problem = firstError(found);
    if (problem) {
      withToast((toast) => toast.error('Error', { description: problem }));
      return;
    }
    update.mutate(
      { profile: body },
      {
        onSuccess: ({ settings }) => {
          setValues({ ...settings.profile, ...NO_PASSWORDS });
          withToast((toast) =>
            toast.success('Profile Updated', {
              description: changingPassword
                ? 'Your profile and password were saved. Your other sessions were signed out.'
                : 'Your profile has been saved.',
            }),
          );
        },
        onError: (err) => {
          const fromServer = serverFieldErrors(err, FIELDS);
          setErrors(fromServer);
          showErrorToast(err, {
            title: 'Error',
            description: firstError(fromServer) ?? 'Failed to update profile',
          });
        },
      },
    );
  };

  return (
    <SettingsCard
      id="profile"
      title="Profile"
      description="Your name and e-mail in the admin panel, and your password."
      icon={<UserRoundIcon />}
      saveLabel="Save Profile"
      saving={update.isPending}
      onSave={save}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.name} label="Full name" error={errors.name}>
          <Input
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
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
            {...describedBy(ids.email, errors.email)}
          />
        </Field>
      </div>
      <Separator />
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">Change password</h3>
        <p className="text-xs text-muted-foreground">Changing it signs you out everywhere else.</p>
      </div>
      <PasswordChangeFields ids={ids} values={values} errors={errors} onChange={set} hint={hint} />
    </SettingsCard>
  );
}
