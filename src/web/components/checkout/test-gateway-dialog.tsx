import { CreditCard, FlaskConical, Loader2, ShieldCheck, XCircle } from 'lucide-react';
import type { CheckoutOrder } from '@shared/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';

export type TestPayState = 'idle' | 'paying' | 'failing';

interface TestGatewayDialogProps {
  open: boolean;
  /** Kept while the dialog closes, so its content does not blank out during the animation. */
  order: CheckoutOrder | null;
  state: TestPayState;
  onPay: (outcome: 'succeed' | 'fail') => void;
  onCancel: () => void;
}

/**
 * The built-in test gateway's checkout (product-decisions.md: offline defaults). It stands where
 * Razorpay's window would and is marked so nobody mistakes it for a real charge.
 */
export function TestGatewayDialog({ open, order, state, onPay, onCancel }: TestGatewayDialogProps) {
  const busy = state !== 'idle';
  const amount = order ? formatMoney(order.amountMinor, order.currency) : '';
  return (
    <Dialog
      open={open}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <DialogContent
        className="grid-cols-[minmax(0,1fr)] gap-5 sm:max-w-md"
        hideClose={busy}
        data-testid="test-checkout"
      >
        <DialogHeader>
          <div className="flex items-center gap-2">
            <Badge variant="warning" className="gap-1">
              <FlaskConical aria-hidden />
              Test mode
            </Badge>
          </div>
          <DialogTitle>Complete your payment</DialogTitle>
          <DialogDescription>
            This is the built-in test checkout: no real money moves and no card is needed.
          </DialogDescription>
        </DialogHeader>

        {order && (
          <div className="rounded-xl border bg-muted/40 p-4">
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  You are buying
                </p>
                <p className="mt-1 font-medium break-words" data-testid="test-checkout-item">
                  {order.description}
                </p>
              </div>
              <p
                className="shrink-0 text-2xl font-bold tracking-tight tabular-nums"
                data-testid="test-checkout-amount"
              >
                {amount}
              </p>
            </div>
            <dl className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-1.5 border-t pt-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="shrink-0 text-muted-foreground">Billed to</dt>
                <dd className="min-w-0 truncate text-right">
                  {order.prefill.name}
                  <span className="text-muted-foreground"> · {order.prefill.email}</span>
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="shrink-0 text-muted-foreground">Order</dt>
                <dd className="min-w-0 truncate font-mono text-xs leading-5">{order.orderId}</dd>
              </div>
              {order.licence && (
                <div className="flex justify-between gap-4">
                  <dt className="shrink-0 text-muted-foreground">Licence</dt>
                  <dd className="min-w-0 text-right" data-testid="test-checkout-licence">
                    {order.licence.label}
                  </dd>
                </div>
              )}
            </dl>
            {order.licence && (
              <p className="mt-2 text-xs leading-relaxed text-muted-foreground">{order.licence.summary}</p>
            )}
          </div>
        )}

        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="mt-px size-3.5 shrink-0 text-success" aria-hidden />
          The result is signed and verified by the server exactly like a real payment.
        </p>

        <DialogFooter className="gap-2 sm:gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => onPay('fail')}>
            {state === 'failing' ? <Loader2 className="animate-spin" aria-hidden /> : <XCircle aria-hidden />}
            Simulate failure
          </Button>
          <Button type="button" disabled={busy} onClick={() => onPay('succeed')}>
            {state === 'paying' ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <CreditCard aria-hidden />
            )}
            Pay {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
