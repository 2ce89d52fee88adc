import { CheckIcon, CopyIcon, MailCheckIcon, UserPlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CreateUserSchema, type CreateUserResult, type PasswordDelivery } from '@shared/admin-users';
import type { Role } from '@shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { withToast } from '@/lib/lazy-toast';
import { ApiError } from '@/lib/api-client';
import { useCopy } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { useCreateUser } from '../api/create-user';

type Errors = Partial<Record<'name' | 'email' | 'form', string>>;

const DELIVERIES: { value: PasswordDelivery; title: string; text: string }[] = [
  {
    value: 'password',
    title: 'One-time password',
    text: 'Generated now and shown once, for you to pass on.',
  },
  { value: 'email', title: 'Set-password e-mail', text: 'They get a link and choose their own password.' },
];

function CreatedPanel({ result, onDone }: { result: CreateUserResult; onDone: () => void }) {
  const { copied, copy: write } = useCopy(2000);
  const copy = async () => {
    if (!result.password) return;
    if (!(await write(result.password))) {
      withToast((toast) =>
        toast.error('Could not copy', { description: 'Select the password and copy it by hand.' }),
      );
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>User created</DialogTitle>
        <DialogDescription>
          {result.user.name} ({result.user.email}) can now {result.password ? 'sign in' : 'set a password'}.
        </DialogDescription>
      </DialogHeader>
      {result.password ? (
        <div className="grid gap-2">
          <Label htmlFor="one-time-password">One-time password</Label>
          <div className="flex gap-2">
            <Input
              id="one-time-password"
              readOnly
              value={result.password}
              className="font-mono tracking-wide"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copy password">
              {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            This password is shown only once. Pass it on safely; they can change it in their settings.
          </p>
        </div>
      ) : (
        <Alert>
          <MailCheckIcon aria-hidden />
          <AlertDescription>
            We e-mailed a link to {result.user.email}. It works for seven days.
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}

/** 'Add User': name, e-mail, role, and how the password reaches them. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [delivery, setDelivery] = useState<PasswordDelivery>('password');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<CreateUserResult | null>(null);
  const create = useCreateUser();
  const ids = { name: useId(), email: useId(), role: useId() };

  const reset = () => {
    setName('');
    setEmail('');
    setRole('user');
    setDelivery('password');
    setErrors({});
    setResult(null);
    create.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateUserSchema.safeParse({ name, email, role, delivery });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : issue.path[0] === 'name' ? 'name' : 'form';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (data) => setResult(data),
      onError: (error) => {
        if (error instanceof ApiError && error.details.length) {
          const next: Errors = {};
          for (const d of error.details) {
            const field = d.field === 'email' || d.field === 'name' ? d.field : 'form';
            next[field] ??= d.message;
          }
          setErrors(next);
        } else setErrors({ form: error.message });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon aria-hidden />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        {result ? (
          <CreatedPanel result={result} onDone={() => setOpen(false)} />
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Add a user" className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Add User</DialogTitle>
              <DialogDescription>
                Create an account; nobody but its owner ever types its password.
              </DialogDescription>
            </DialogHeader>
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor={ids.name}>Full name</Label>
              <Input
                id={ids.name}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${ids.name}-error` : undefined}
                autoComplete="off"
              />
              {errors.name ? (
                <p id={`${ids.name}-error`} className="text-sm text-destructive">
                  {errors.name}
                </p>
              ) : null}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input
                id={ids.email}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? `${ids.email}-error` : undefined}
                autoComplete="off"
              />
              {errors.email ? (
                <p id={`${ids.email}-error`} className="text-sm text-destructive">
                  {errors.email}
                </p>
              ) : null}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.role}>Role</Label>
              <Select value={role} onValueChange={(v) => setRole(v as Role)}>
                <SelectTrigger id={ids.role}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="user">User</SelectItem>
                  <SelectItem value="admin">Admin</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Password</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {DELIVERIES.map((d) => (
                  <label
                    key={d.value}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      delivery === d.value && 'border-primary bg-primary/5',
                    )}
                  >
                    <input
                      type="radio"
                      name="delivery"
                      value={d.value}
                      checked={delivery === d.value}
                      onChange={() => setDelivery(d.value)}
                      className="mt-0.5 accent-primary"
                    />
                    <span>
                      <span className="block font-medium">{d.title}</span>
                      <span className="block text-xs text-muted-foreground">{d.text}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create User'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
