import { LoaderCircleIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
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
import { PasswordInput } from '@/components/ui/password-input';
import { useAuth } from '@/lib/auth';
import { showErrorToast } from '@/lib/error-toast';
import { useDeleteAccount } from '../api/delete-account';
import { serverFieldErrors } from '@/lib/field-errors';
import { Field, describedBy } from '@/components/ui/form-field';
import { SectionCard } from '@/components/section-card';

/** Danger zone: deleting the account asks for the password, then signs out and returns home. */
export function DeleteAccountCard({ email }: { email: string }) {
  const { forgetSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const passwordId = useId();

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          setOpen(false);
          // The server has ended every session of the account; the guard takes the visitor home.
          forgetSession();
          withToast((toast) =>
            toast.success('Account Deleted', { description: 'Your account and its data have been removed.' }),
          );
        },
        onError: (err) => {
          const field = serverFieldErrors(err, ['password'] as const).password;
          if (field) setError(field);
          else showErrorToast(err, { title: 'Error', description: 'Failed to delete account' });
        },
      },
    );
  };

  return (
    <SectionCard
      id="danger-zone"
      title="Danger zone"
      description="Deleting your account removes your prompts, playground history and settings. This cannot be undone."
      icon={<TriangleAlertIcon />}
      tone="danger"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{email}</span>
        </p>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2Icon aria-hidden />
              Delete Account
            </Button>
          </DialogTrigger>
          <DialogContent className="sm:max-w-md" hideClose={remove.isPending}>
            <form noValidate onSubmit={onSubmit} className="grid gap-5">
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  This permanently deletes your account, your prompts and your playground history. Enter your
                  password to confirm.
                </DialogDescription>
              </DialogHeader>
              <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
              <Field id={passwordId} label="Password" error={error}>
                <PasswordInput
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setError(undefined);
                  }}
                  disabled={remove.isPending}
                  {...describedBy(passwordId, error)}
                />
              </Field>
              <DialogFooter>
                <Button
                  type="button"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() => onOpenChange(false)}
                >
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
                  {remove.isPending ? 'Deleting…' : 'Delete Account'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </SectionCard>
  );
}
