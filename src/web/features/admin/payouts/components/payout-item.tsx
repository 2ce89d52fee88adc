import { BanknoteIcon, Undo2Icon, XCircleIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminPayout,
  type ApprovePayoutInput,
  type PayoutStatus,
  ReversePayoutSchema,
} from '@shared/payouts';
import { toMinorExact } from '@shared/pricing';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatDate, formatMoney } from '@/lib/format';
import { withToast } from '@/lib/lazy-toast';
import { useApprovePayout } from '../api/approve-payout';
import { useRejectPayout } from '../api/reject-payout';
import { useReversePayout } from '../api/reverse-payout';

type Gateway = 'razorpay' | 'test' | 'off';

const STATUS: Record<
  PayoutStatus,
  { label: string; variant: 'default' | 'secondary' | 'success' | 'destructive' }
> = {
  requested: { label: 'Requested', variant: 'secondary' },
  processing: { label: 'Processing', variant: 'default' },
  paid: { label: 'Paid', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  failed: { label: 'Transfer failed', variant: 'destructive' },
  reversed: { label: 'Reversed', variant: 'destructive' },
};

function paidWith(p: AdminPayout) {
  const via =
    p.method === 'test'
      ? 'Test gateway (demo, no real money)'
      : p.method === 'razorpay'
        ? `Razorpay Route to ${p.accountId ?? 'the linked account'}`
        : null;
  if (p.status === 'processing') return via ? `${via} · transfer queued, not paid yet` : null;
  if (p.method === 'manual') return `Paid by hand · reference ${p.reference}`;
  return via && p.reference ? `${via} · ${p.reference}` : via;
}

/** One payout request: the creator, amount, balance now, state, and Approve / Reject while open. */
export function PayoutItem({ payout, gateway }: { payout: AdminPayout; gateway: Gateway }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'reverse' | null>(null);
  const left = payout.amountMinor - payout.amountReversedMinor;
  // A paid gateway transfer, whole or reversed in part, can be reversed (again) through the gateway.
  const reversible =
    (payout.status === 'paid' || payout.status === 'reversed') &&
    (payout.method === 'razorpay' || payout.method === 'test') &&
    payout.method === gateway &&
    left > 0;
  const status =
    payout.status === 'reversed' && left > 0
      ? { label: 'Partly reversed', variant: 'destructive' as const }
      : STATUS[payout.status];
  const open = payout.status === 'requested' || payout.status === 'processing';
  const money = (minor: number) => formatMoney(minor, payout.currency);
  const how = paidWith(payout);
  return (
    <article className="grid gap-2 p-4 sm:p-5" data-testid="admin-payout">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold tabular-nums">{money(payout.amountMinor)}</h2>
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          <p className="mt-1 text-sm break-words">
            {payout.creator.name} <span className="text-muted-foreground">· {payout.creator.email}</span>
          </p>
        </div>
        <time dateTime={payout.requestedAt} className="text-xs text-muted-foreground">
          Requested {formatDate(payout.requestedAt)}
        </time>
      </header>
      <p className="text-xs text-muted-foreground tabular-nums">
        Available now {money(payout.availableMinor)}
        {gateway === 'razorpay'
          ? payout.accountId
            ? ` · Razorpay account ${payout.accountId}`
            : ' · No Razorpay linked account'
          : ''}
      </p>
      {how ? <p className="text-xs break-all text-muted-foreground">{how}</p> : null}
      {payout.note ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">
          {payout.status === 'rejected' ? 'Reason: ' : ''}
          {payout.note}
        </p>
      ) : null}
      {payout.amountReversedMinor > 0 && payout.status === 'reversed' && left > 0 ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          Reversed {money(payout.amountReversedMinor)} · still paid {money(left)}
        </p>
      ) : null}
      {reversible ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setDialog('reverse')}>
            <Undo2Icon aria-hidden />
            Reverse transfer
          </Button>
        </div>
      ) : null}
      {reversible ? (
        <ReverseDialog
          payout={payout}
          left={left}
          open={dialog === 'reverse'}
          onOpenChange={(o) => setDialog(o ? 'reverse' : null)}
        />
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog('approve')}>
            <BanknoteIcon aria-hidden />
            {payout.status === 'processing' ? 'Send again or pay by hand' : 'Approve and pay'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('reject')}>
            <XCircleIcon aria-hidden />
            Reject
          </Button>
        </div>
      ) : null}
      <ApproveDialog
        payout={payout}
        gateway={gateway}
        open={dialog === 'approve'}
        onOpenChange={(o) => setDialog(o ? 'approve' : null)}
      />
      <RejectDialog
        payout={payout}
        open={dialog === 'reject'}
        onOpenChange={(o) => setDialog(o ? 'reject' : null)}
      />
    </article>
  );
}

function ApproveDialog({
  payout,
  gateway,
  open,
  onOpenChange,
}: {
  payout: AdminPayout;
  gateway: Gateway;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const approve = useApprovePayout();
  const gatewayUsable = gateway === 'test' || (gateway === 'razorpay' && payout.accountId !== null);
  const [method, setMethod] = useState<'gateway' | 'manual'>(gatewayUsable ? 'gateway' : 'manual');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const gatewayLabel =
    gateway === 'test'
      ? 'Pay through the test gateway (demo mode: no real money moves)'
      : gateway === 'razorpay'
        ? payout.accountId
          ? `Razorpay Route transfer to ${payout.accountId}`
          : 'Razorpay Route transfer (the creator has no linked account)'
        : 'Payment gateway (none configured)';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (method === 'manual' && !reference.trim()) return setError('Reference is required');
    setError(undefined);
    const input: ApprovePayoutInput =
      method === 'manual' ? { method: 'manual', reference: reference.trim() } : { method: 'gateway' };
    approve.mutate(
      { id: payout.id, input },
      {
        onSuccess: ({ message }) => {
          withToast((toast) => toast.success(message ?? 'Payout approved'));
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Approve and pay {formatMoney(payout.amountMinor, payout.currency)}</DialogTitle>
          <DialogDescription>
            To {payout.creator.name}. Through the gateway a background job sends the transfer (retried if it
            fails); by hand it is paid now. The approval, the payment and its reference go into the payout
            ledger and the audit log, and the creator is e-mailed.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="sr-only">How it is paid</legend>
            <label className="flex items-start gap-2 text-sm has-[:disabled]:opacity-60">
              <input
                type="radio"
                name={`${id}-method`}
                className="mt-1"
                checked={method === 'gateway'}
                disabled={!gatewayUsable}
                onChange={() => setMethod('gateway')}
              />
              {gatewayLabel}
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-method`}
                className="mt-1"
                checked={method === 'manual'}
                onChange={() => setMethod('manual')}
              />
              Paid by hand (bank transfer or other), with its reference
            </label>
          </fieldset>
          {method === 'manual' ? (
            <Field id={`${id}-reference`} label="Reference" required error={error}>
              <Input
                id={`${id}-reference`}
                value={reference}
                maxLength={200}
                onChange={(event) => setReference(event.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </Field>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={approve.isPending}>
            {method === 'manual' ? 'Mark paid' : 'Approve and pay'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RejectDialog({
  payout,
  open,
  onOpenChange,
}: {
  payout: AdminPayout;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Reason is required');
    setError(undefined);
    reject.mutate(
      { id: payout.id, reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          withToast((toast) => toast.success(message ?? 'Payout rejected'));
          onOpenChange(false);
        },
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {formatMoney(payout.amountMinor, payout.currency)}</DialogTitle>
          <DialogDescription>
            The amount returns to {payout.creator.name}’s available balance, and they are e-mailed the reason.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit}>
          <Field id={`${id}-reason`} label="Reason" required error={error}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={reject.isPending}>
            Reject payout
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Reverses a paid gateway transfer, all that is left or a given amount, after a confirmation. */
function ReverseDialog({
  payout,
  left,
  open,
  onOpenChange,
}: {
  payout: AdminPayout;
  left: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const reverse = useReversePayout();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const money = (minor: number) => formatMoney(minor, payout.currency);
  function confirm() {
    let amountMinor: number | undefined;
    if (value.trim()) {
      amountMinor = toMinorExact(Number(value));
      if (!Number.isFinite(amountMinor)) return setError('Enter an amount in whole cents, such as 4.00');
      const parsed = ReversePayoutSchema.safeParse({ amountMinor });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Amount is not valid');
      if (amountMinor > left)
        return setError(`You can reverse at most ${money(left)}, what is left of this transfer.`);
    }
    setError(undefined);
    reverse.mutate(
      { id: payout.id, input: amountMinor === undefined ? {} : { amountMinor } },
      {
        onSuccess: ({ message }) => {
          withToast((toast) => toast.success(message ?? 'Transfer reversed'));
          setValue('');
          onOpenChange(false);
        },
      },
    );
  }
  const via = payout.method === 'test' ? 'the test gateway (demo mode: no real money moves)' : 'Razorpay';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Reverse the transfer to ${payout.creator.name}?`}
      description={`Takes the amount back from the creator through ${via} and returns it to their available balance. ${money(left)} of ${money(payout.amountMinor)} is left to reverse; leave the amount empty to reverse all of it. The reversal goes into the payout ledger and the audit log, and the creator is e-mailed.`}
      confirmLabel="Reverse transfer"
      icon={<Undo2Icon aria-hidden />}
      pending={reverse.isPending}
      onConfirm={confirm}
    >
      <Field
        id={`${id}-amount`}
        label={`Amount (${payout.currency})`}
        error={error}
        hint={`At most ${money(left)}`}
      >
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          placeholder={(left / 100).toFixed(2)}
          value={value}
          maxLength={12}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
        />
      </Field>
    </ConfirmDialog>
  );
}
