import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { UpdateSettingsSchema } from '@shared/auth';
import { LIMITS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateSettings } from '../api/update-settings';
import { type FieldErrors, hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { Field, describedBy } from '@/components/ui/form-field';
import { SectionCard } from '@/components/section-card';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof FIELDS)[number];
const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change: the current password, then the new one twice. Other sessions are signed out. */
export function PasswordCard({ email }: { email: string }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const update = useUpdateSettings();
  const ids = { currentPassword: useId(), newPassword: useId(), confirmPassword: useId() };
  const hint = `At least ${LIMITS.adminPasswordMin} characters.`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaFieldErrors(UpdateSettingsSchema, values, FIELDS);
    if (!values.newPassword) found.newPassword = 'New password is required';
    setErrors(found);
    if (hasErrors(found)) return;
    update.mutate(values, {
      onSuccess: ({ message }) => {
        setValues(EMPTY);
        toast.success('Password Updated', {
          description: message ?? 'Password changed. Your other sessions have been signed out.',
        });
      },
      onError: (err) => {
        const fromServer = serverFieldErrors(err, FIELDS);
        if (hasErrors(fromServer)) setErrors(fromServer);
        else showErrorToast(err, { title: 'Error', description: 'Failed to update password' });
      },
    });
  };

  const set = (field: PasswordField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <SectionCard
      id="password"
      title="Password"
      description="Changing your password signs you out on every other device and browser."
      icon={<KeyRoundIcon />}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <Field id={ids.currentPassword} label="Current password" error={errors.currentPassword}>
          <PasswordInput
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            disabled={update.isPending}
            {...describedBy(ids.currentPassword, errors.currentPassword)}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.newPassword} label="New password" error={errors.newPassword} hint={hint}>
            <PasswordInput
              autoComplete="new-password"
              value={values.newPassword}
              onChange={set('newPassword')}
              disabled={update.isPending}
              {...describedBy(ids.newPassword, errors.newPassword, Boolean(hint))}
            />
          </Field>
          <Field id={ids.confirmPassword} label="Confirm new password" error={errors.confirmPassword}>
            <PasswordInput
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              disabled={update.isPending}
              {...describedBy(ids.confirmPassword, errors.confirmPassword)}
            />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            {update.isPending ? 'Updating…' : 'Update Password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
