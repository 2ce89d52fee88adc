import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import type { ApiKeyCreated } from '@shared/api-keys';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/clipboard';

/** The token of a key just made: shown once, with a copy button, until the user dismisses it. */
export function NewKeyNotice({ created, onDismiss }: { created: ApiKeyCreated; onDismiss: () => void }) {
  const { copy, copied } = useCopy();
  return (
    <Alert className="border-primary/50" data-testid="new-api-key">
      <TriangleAlertIcon aria-hidden />
      <AlertTitle>Copy your new key “{created.key.name}” now</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>It will not be shown again. Anyone who has it can act for you within its scopes.</p>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
          <code
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all text-foreground"
            data-testid="new-api-key-token"
          >
            {created.token}
          </code>
          <Button type="button" variant="outline" onClick={() => void copy(created.token)}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
            I have copied it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
