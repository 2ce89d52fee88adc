import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { LIMITS } from '@shared/constants';
import { PAGE_PATHS } from '@shared/routes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useAuth } from '@/lib/auth';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { FormNotice } from '../components/form-notice';
import { SubmitButton } from '../components/submit-button';
import { errorMessage } from '../lib/error-message';
import { validateSignup } from '../lib/validation';

const EMPTY = { name: '', email: '', password: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

/** Sign-up (spec section 2). A new account is signed in at once and lands on the dashboard. */
export function SignupPage() {
  const location = useLocation();
  const { signIn } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  const ids = {
    name: useId(),
    email: useId(),
    password: useId(),
    confirmPassword: useId(),
    error: useId(),
    hint: useId(),
  };

  const bind = (field: Field) => ({
    id: ids[field],
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    'aria-describedby': error ? ids.error : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignup(values);
    setError(problem);
    if (problem) return;
    register.mutate(
      { name: values.name.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (result) => signIn(result, 'web'),
        onError: (err) => setError(errorMessage(err, 'Registration failed')),
      },
    );
  };

  const pending = register.isPending || register.isSuccess;

  return (
    <AuthCard
      title="Create your account"
      description="Start creating, trying and sharing AI prompts"
      footer={
        <>
          Already have an account?{' '}
          <AuthLink to={PAGE_PATHS.login} state={location.state}>
            Sign in
          </AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        {error ? (
          <FormNotice variant="destructive" id={ids.error}>
            {error}
          </FormNotice>
        ) : null}
        <fieldset disabled={pending} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Full name</Label>
            <Input autoComplete="name" placeholder="Ada Lovelace" {...bind('name')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...bind('email')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.password}>Password</Label>
            <PasswordInput
              autoComplete="new-password"
              placeholder="Create a password"
              {...bind('password')}
              aria-describedby={[ids.hint, error ? ids.error : ''].filter(Boolean).join(' ')}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              At least {LIMITS.passwordMin} characters.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.confirmPassword}>Confirm password</Label>
            <PasswordInput
              autoComplete="new-password"
              placeholder="Repeat your password"
              {...bind('confirmPassword')}
            />
          </div>
        </fieldset>
        <SubmitButton pending={pending} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          By creating an account you agree to our{' '}
          <AuthLink to={PAGE_PATHS.terms} className="font-normal">
            Terms of Service
          </AuthLink>{' '}
          and{' '}
          <AuthLink to={PAGE_PATHS.privacy} className="font-normal">
            Privacy Policy
          </AuthLink>
          .
        </p>
      </form>
    </AuthCard>
  );
}
