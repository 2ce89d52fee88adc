import { type FormEvent, useId, useState } from 'react';
import { PAGE_PATHS } from '@shared/routes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { FormNotice } from '../components/form-notice';
import { SubmitButton } from '../components/submit-button';
import { errorMessage } from '../lib/error-message';
import { validateForgotPassword } from '../lib/validation';

/** Forgot password (spec section 2): e-mails a reset link and says so, whether or not the address is known. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const ids = { email: useId(), error: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateForgotPassword({ email });
    setError(problem);
    setSent(null);
    if (problem) return;
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (message) => setSent(message),
        onError: (err) => setError(errorMessage(err, 'Failed to send reset email')),
      },
    );
  };

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to={PAGE_PATHS.signup}>Sign up</AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {sent ? <FormNotice variant="success">{sent}</FormNotice> : null}
        {error ? (
          <FormNotice variant="destructive" id={ids.error}>
            {error}
          </FormNotice>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            disabled={forgot.isPending}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <SubmitButton pending={forgot.isPending} pendingLabel="Sending…">
          Send Reset Link
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          Remembered it? <AuthLink to={PAGE_PATHS.login}>Back to sign in</AuthLink>
        </p>
      </form>
    </AuthCard>
  );
}
