import { AlertCircleIcon, GaugeIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { LIMIT_REACHED_MESSAGE } from '@shared/playground';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

/** Spec section 8: the alert for a reply that failed, with the error's message. */
export function SendErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert variant="destructive" className="pr-11" data-testid="chat-error">
      <AlertCircleIcon aria-hidden />
      <AlertDescription>{message || 'Failed to send message'}</AlertDescription>
      <button
        type="button"
        onClick={onDismiss}
        className="absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-destructive/80 hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label="Dismiss"
      >
        <XIcon aria-hidden className="size-4" />
      </button>
    </Alert>
  );
}

/** The monthly allowance is used up: the spec's message, when it starts again, and the way to more. */
export function LimitAlert({ resetsAt }: { resetsAt: string | null }) {
  return (
    <Alert variant="warning" data-testid="limit-alert">
      <GaugeIcon aria-hidden />
      <AlertTitle>Session limit reached</AlertTitle>
      <AlertDescription className="text-foreground/80">
        <p>{LIMIT_REACHED_MESSAGE}</p>
        <div className="mt-2.5 flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button asChild size="sm">
            <Link to={PAGE_PATHS.pricing}>View plans</Link>
          </Button>
          {resetsAt ? (
            <span className="text-xs text-muted-foreground">
              Your free sessions return on {formatDate(resetsAt, 'long')}.
            </span>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}
