import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LIMITS, TIMINGS } from '@shared/constants';
import { PAGE_PATHS } from '@shared/routes';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-client';
import type { AuthLocationState } from '@/lib/auth-redirect';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { FormNotice } from '../components/form-notice';
import { SubmitButton } from '../components/submit-button';
import { errorMessage } from '../lib/error-message';
import { validateResetPassword } from '../lib/validation';

const INVALID_TOKEN_NOTICE = 'Invalid reset token. Please request a new password reset.';
const LOGIN_NOTICE = 'Password reset successful. Please log in with your new password.';

/**
 * Reset password at /auth/reset-password/:token (spec section 2): a new password twice. After success
 * it waits 2 s, then opens the login page with a notice. Without a usable token the form is disabled.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [tokenRejected, setTokenRejected] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetPassword();
  const ids = { password: useId(), confirmPassword: useId(), error: useId() };

  const tokenMissing = !token.trim();
  const blocked = tokenMissing || tokenRejected;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      const state: AuthLocationState = { message: LOGIN_NOTICE };
      void navigate(PAGE_PATHS.login, { replace: true, state });
    }, TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateResetPassword({ token, ...values });
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (message) => setDone(message),
        onError: (err) => {
          if (err instanceof ApiError && err.details.some((d) => d.field === 'token')) {
            setTokenRejected(true);
            setError(null);
            return;
          }
          setError(errorMessage(err, 'Failed to reset password'));
        },
      },
    );
  };

  const pending = reset.isPending || done !== null;

  return (
    <AuthCard
      title="Choose a new password"
      description="Choose a new password for your Promptforge account. You'll sign in with it next."
      footer={
        <>
          Remembered it? <AuthLink to={PAGE_PATHS.login}>Back to sign in</AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {blocked ? (
          <div className="grid gap-3">
            <FormNotice variant="destructive">{INVALID_TOKEN_NOTICE}</FormNotice>
            <p className="text-sm text-muted-foreground">
              Reset links work once and expire after an hour.{' '}
              <AuthLink to={PAGE_PATHS.forgotPassword}>Request a new link</AuthLink>
            </p>
          </div>
        ) : null}
        {done ? <FormNotice variant="success">{`${done}. Taking you to sign in…`}</FormNotice> : null}
        {error ? (
          <FormNotice variant="destructive" id={ids.error}>
            {error}
          </FormNotice>
        ) : null}
        <fieldset disabled={blocked || pending} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={ids.password}>New password</Label>
            <PasswordInput
              id={ids.password}
              autoComplete="new-password"
              placeholder={`At least ${LIMITS.passwordMin} characters`}
              value={values.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.confirmPassword}>Confirm new password</Label>
            <PasswordInput
              id={ids.confirmPassword}
              autoComplete="new-password"
              placeholder="Repeat the new password"
              value={values.confirmPassword}
              onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
        </fieldset>
        <SubmitButton
          pending={pending}
          pendingLabel={done ? 'Redirecting…' : 'Resetting…'}
          disabled={blocked}
        >
          Reset Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
