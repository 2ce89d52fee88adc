import { ArrowLeftIcon, KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useAuth } from '@/lib/auth';
import { needsTotpCode, useAdminLogin } from '../api/admin-login';
import { DemoCredentials } from '../components/demo-credentials';
import { FormNotice } from '../components/form-notice';
import { SubmitButton } from '../components/submit-button';
import { errorMessage } from '../lib/error-message';
import { validateAdminLogin } from '../lib/validation';

const CODE_PATTERN = /^\d{6}$/;

/**
 * Admin login at /admin/login (spec section 2): its own screen, apart from the site, granting an
 * admin-panel session to administrators only. An admin with two-factor authentication on is then
 * asked for the 6-digit code from their authenticator app. The guard around it opens the panel on
 * success.
 */
export function AdminLoginPage() {
  const { signIn, user } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Shown once the server says this admin signs in with a second factor.
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const adminLogin = useAdminLogin();
  const ids = { email: useId(), password: useId(), code: useId(), error: useId() };

  const submit = (credentials: { email: string; password: string }) => {
    const problem = validateAdminLogin(credentials);
    setError(problem);
    if (problem) return;
    const cleanCode = code.replace(/\s+/g, '');
    if (askCode && !CODE_PATTERN.test(cleanCode)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    adminLogin.mutate(
      {
        email: credentials.email.trim(),
        password: credentials.password,
        ...(askCode ? { code: cleanCode } : {}),
      },
      {
        onSuccess: (result) => signIn(result, 'admin'),
        onError: (err) => {
          if (needsTotpCode(err)) {
            // The first answer asks for the code; later ones say the code was wrong.
            if (askCode) setError(errorMessage(err, 'Admin login failed'));
            else setError(null);
            setAskCode(true);
            setCode('');
            return;
          }
          setError(errorMessage(err, 'Admin login failed'));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ email, password });
  };

  const fillDemo = (demoEmail: string, demoPassword: string) => {
    setEmail(demoEmail);
    setPassword(demoPassword);
    setAskCode(false);
    setCode('');
    setError(null);
  };

  const startOver = () => {
    setAskCode(false);
    setCode('');
    setPassword('');
    setError(null);
  };

  const pending = adminLogin.isPending || adminLogin.isSuccess;

  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-muted/30">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_45%_at_50%_0%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent_70%)]"
      />
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Link
          to={PAGE_PATHS.home}
          className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeftIcon className="size-4" aria-hidden />
          Back to Promptforge
        </Link>
        <ThemeToggle />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md">
          <Card className="shadow-xl shadow-black/5 dark:shadow-black/30">
            <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center sm:px-8">
              <div className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/20">
                <ShieldCheckIcon className="size-6" aria-hidden />
              </div>
              <h1 className="text-2xl font-semibold tracking-tight">Admin Sign In</h1>
              <p className="text-sm text-muted-foreground">
                Sign in with an administrator account to manage Promptforge.
              </p>
            </div>
            <form noValidate onSubmit={onSubmit} className="grid gap-5 px-6 pb-8 sm:px-8">
              {user?.role === 'admin' ? (
                <FormNotice variant="warning">
                  {`You're signed in to the site as ${user.email}. The admin panel needs its own sign-in.`}
                </FormNotice>
              ) : null}
              {error ? (
                <FormNotice variant="destructive" id={ids.error}>
                  {error}
                </FormNotice>
              ) : null}
              {askCode ? (
                <p className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
                  <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  Two-factor authentication is on for this account. Enter the 6-digit code from your
                  authenticator app.
                </p>
              ) : null}
              <fieldset disabled={pending} className="grid gap-5" hidden={askCode}>
                <div className="grid gap-2">
                  <Label htmlFor={ids.email}>Email</Label>
                  <Input
                    id={ids.email}
                    type="email"
                    inputMode="email"
                    autoComplete="username"
                    placeholder="admin@example.com"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    aria-describedby={error ? ids.error : undefined}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={ids.password}>Password</Label>
                  <PasswordInput
                    id={ids.password}
                    autoComplete="current-password"
                    placeholder="Your password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-describedby={error ? ids.error : undefined}
                  />
                </div>
              </fieldset>
              {askCode ? (
                <fieldset disabled={pending} className="grid gap-2">
                  <Label htmlFor={ids.code}>Authentication code</Label>
                  <div className="relative">
                    <KeyRoundIcon
                      className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                      aria-hidden
                    />
                    <Input
                      id={ids.code}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      autoFocus
                      maxLength={7}
                      placeholder="123456"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                      aria-describedby={error ? ids.error : undefined}
                      className="pl-9 font-mono text-lg tracking-[0.4em]"
                    />
                  </div>
                </fieldset>
              ) : null}
              <SubmitButton pending={pending} pendingLabel={askCode ? 'Verifying…' : 'Signing in…'}>
                {askCode ? 'Verify and Sign In' : 'Sign In to Admin Panel'}
              </SubmitButton>
              {askCode ? (
                <button
                  type="button"
                  onClick={startOver}
                  className="justify-self-center rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  Use a different account
                </button>
              ) : (
                <DemoCredentials onUse={fillDemo} disabled={pending} />
              )}
            </form>
          </Card>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Not an administrator?{' '}
            <Link
              to={PAGE_PATHS.login}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Sign in to the site
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
