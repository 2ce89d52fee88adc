import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { UpdateSettingsSchema } from '@shared/auth';
import { LIMITS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/lib/error-toast';
import { useUpdateSettings } from '../api/update-settings';
import { hasErrors, schemaFieldErrors, serverFieldErrors } from '@/lib/field-errors';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { SectionCard } from '@/components/section-card';
import { useFieldValues } from '@/lib/use-field-values';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof FIELDS)[number];
const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change: the current password, then the new one twice. Other sessions are signed out. */
export function PasswordCard({ email }: { email: string }) {
  const { values, setValues, errors, setErrors, set } = useFieldValues(EMPTY);
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
        withToast((toast) =>
          toast.success('Password Updated', {
            description: message ?? 'Password changed. Your other sessions have been signed out.',
          }),
        );
      },
      onError: (err) => {
        const fromServer = serverFieldErrors(err, FIELDS);
        if (hasErrors(fromServer)) setErrors(fromServer);
        else showErrorToast(err, { title: 'Error', description: 'Failed to update password' });
      },
    });
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
        <PasswordChangeFields
          ids={ids}
          values={values}
          errors={errors}
          onChange={set}
          hint={hint}
          disabled={update.isPending}
        />
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
