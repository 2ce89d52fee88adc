import { CopyIcon, LoaderCircleIcon, SmartphoneIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { writeClipboard } from '@/lib/clipboard';
import { showErrorToast } from '@/lib/error-toast';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';

/** The key in groups of four, as authenticator apps print it. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/**
 * Turning two-factor on (a new key to add to an authenticator app, then a code from it to confirm)
 * or off (a current code). No QR code: no QR library is installed; the key and the otpauth link work
 * in every authenticator app.
 */
export function TwoFactorDialog({
  mode,
  onClose,
}: {
  mode: 'enable' | 'disable' | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        {mode ? <TwoFactorForm key={mode} mode={mode} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TwoFactorForm({ mode, onDone }: { mode: 'enable' | 'disable'; onDone: () => void }) {
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const codeId = useId();
  const { mutate: startSetup } = setup;
  // One key per opening: each set-up call replaces the pending key on the server.
  const started = useRef(false);

  useEffect(() => {
    if (mode !== 'enable' || started.current) return;
    started.current = true;
    startSetup();
  }, [mode, startSetup]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog renders in a portal but React bubbles its submit to the Security card's form.
    event.stopPropagation();
    const clean = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(clean)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    confirm.mutate(
      { change: mode, code: clean },
      {
        onSuccess: () => {
          withToast((toast) =>
            toast.success('Security Updated', {
              description:
                mode === 'enable'
                  ? 'Two-factor authentication is on. You will need a code at each admin sign-in.'
                  : 'Two-factor authentication is off.',
            }),
          );
          onDone();
        },
        onError: (err) => {
          if (
            err instanceof ApiError &&
            (err.code === 'VALIDATION_ERROR' || err.code === 'RATE_LIMIT_ERROR')
          ) {
            setError(err.message);
          } else showErrorToast(err, { title: 'Error', description: 'Failed to update security settings' });
        },
      },
    );
  };

  const secret = setup.data?.secret;
  const copy = async () => {
    if (!secret) return;
    if (await writeClipboard(secret)) withToast((toast) => toast.success('Key copied'));
    else
      withToast((toast) =>
        toast.error('Could not copy', { description: 'Select the key and copy it by hand.' }),
      );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>
          {mode === 'enable' ? 'Set up two-factor authentication' : 'Turn off two-factor authentication'}
        </DialogTitle>
        <DialogDescription>
          {mode === 'enable'
            ? 'Add this key to an authenticator app (Google Authenticator, 1Password, Authy…), then enter the code it shows.'
            : 'Enter a current code from your authenticator app to turn two-factor sign-in off.'}
        </DialogDescription>
      </DialogHeader>
      {mode === 'enable' ? (
        setup.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {setup.error.message || 'Could not create a key.'}{' '}
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => setup.mutate()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : secret ? (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-4">
            <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
              <SmartphoneIcon className="size-4" aria-hidden />
              Setup key (time-based, 6 digits)
            </div>
            <div className="flex items-center justify-between gap-2">
              <code
                data-testid="totp-secret"
                data-secret={secret}
                aria-label={`Setup key ${secret}`}
                className="flex flex-wrap gap-x-2 gap-y-1 font-mono text-sm font-semibold tracking-wider"
              >
                {groupKey(secret).map((group, i) => (
                  <span key={i}>{group}</span>
                ))}
              </code>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={copy}
                aria-label="Copy the setup key"
              >
                <CopyIcon aria-hidden />
              </Button>
            </div>
            <a
              href={setup.data?.otpauthUrl}
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
            >
              Open in an authenticator app on this device
            </a>
          </div>
        ) : (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            Creating your key…
          </div>
        )
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Authentication code</Label>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
          className="font-mono tracking-[0.3em]"
        />
        {error ? (
          <p id={`${codeId}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={mode === 'disable' ? 'destructive' : 'default'}
          disabled={confirm.isPending || (mode === 'enable' && !secret)}
        >
          {confirm.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          {mode === 'enable' ? 'Verify and turn on' : 'Turn off'}
        </Button>
      </DialogFooter>
    </form>
  );
}
