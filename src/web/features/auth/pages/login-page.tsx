import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { SESSION_EXPIRED_MESSAGE, useAuth } from '@/lib/auth';
import { readAuthState } from '@/lib/auth-redirect';
import { useTheme } from '@/lib/theme';
import { getSavedTheme } from '../api/get-saved-theme';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { FormNotice } from '../components/form-notice';
import { SubmitButton } from '../components/submit-button';
import { errorMessage } from '../lib/error-message';
import { validateLogin } from '../lib/validation';

/**
 * Login (spec section 2). On success the guard around this page takes the user on: back to the page
 * they were turned away from, else the dashboard (the admin panel for administrators).
 */
export function LoginPage() {
  const location = useLocation();
  const { signIn, signOutReason } = useAuth();
  const { setTheme } = useTheme();
  const { message } = readAuthState(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const ids = { email: useId(), password: useId(), error: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin({ email, password });
    setError(problem);
    if (problem) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result, 'web');
          // The theme chosen in settings follows the account to this browser.
          void getSavedTheme().then((theme) => {
            if (theme) setTheme(theme);
          });
        },
        onError: (err) => setError(errorMessage(err, 'Login failed')),
      },
    );
  };

  const pending = login.isPending || login.isSuccess;
  const describedBy = error ? ids.error : undefined;

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your Promptforge account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <AuthLink to={PAGE_PATHS.signup} state={location.state}>
            Sign up
          </AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {message ? <FormNotice variant="success">{message}</FormNotice> : null}
        {signOutReason === 'expired' && !message && !error ? (
          <FormNotice variant="warning">{SESSION_EXPIRED_MESSAGE}</FormNotice>
        ) : null}
        {error ? (
          <FormNotice variant="destructive" id={ids.error}>
            {error}
          </FormNotice>
        ) : null}
        <fieldset disabled={pending} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby={describedBy}
            />
          </div>
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={ids.password}>Password</Label>
              <AuthLink to={PAGE_PATHS.forgotPassword} className="text-sm">
                Forgot password?
              </AuthLink>
            </div>
            <PasswordInput
              id={ids.password}
              autoComplete="current-password"
              placeholder="Your password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={describedBy}
            />
          </div>
        </fieldset>
        <SubmitButton pending={pending} pendingLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
