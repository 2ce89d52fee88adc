import { PasswordInput } from '@/components/ui/password-input';
import { Field, describedBy } from '@/components/ui/form-field';

type PasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** A password change's three fields: the current password, then the new one (with `hint`) twice. */
export function PasswordChangeFields({
  ids,
  values,
  errors,
  onChange,
  hint,
  disabled,
}: {
  ids: Record<PasswordChangeField, string>;
  values: Record<PasswordChangeField, string>;
  errors: Partial<Record<PasswordChangeField, string>>;
  onChange: (field: PasswordChangeField) => (event: { target: { value: string } }) => void;
  hint: string;
  disabled?: boolean;
}) {
  return (
    <>
      <Field id={ids.currentPassword} label="Current password" error={errors.currentPassword}>
        <PasswordInput
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={onChange('currentPassword')}
          disabled={disabled}
          {...describedBy(ids.currentPassword, errors.currentPassword)}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.newPassword} label="New password" error={errors.newPassword} hint={hint}>
          <PasswordInput
            autoComplete="new-password"
            value={values.newPassword}
            onChange={onChange('newPassword')}
            disabled={disabled}
            {...describedBy(ids.newPassword, errors.newPassword, hint)}
          />
        </Field>
        <Field id={ids.confirmPassword} label="Confirm new password" error={errors.confirmPassword}>
          <PasswordInput
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={onChange('confirmPassword')}
            disabled={disabled}
            {...describedBy(ids.confirmPassword, errors.confirmPassword)}
          />
        </Field>
      </div>
    </>
  );
}
