import {
  ArrowUpRightIcon,
  BanknoteIcon,
  CheckCircle2Icon,
  ClockIcon,
  HourglassIcon,
  TriangleAlertIcon,
  WalletIcon,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { toMinorExact } from '@shared/pricing';
import type { Payout, PayoutBalance, PayoutOverview, PayoutStatus } from '@shared/payouts';
import { StatCard, StatCardSkeleton } from '@/components/stat-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney } from '@/lib/format';
import { usePayouts } from '../api/get-payouts';
import { useRequestPayout } from '../api/request-payout';
import { useSavePayoutAccount } from '../api/save-payout-account';
import { StudioLoadError } from './studio-states';

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

/** The creator's earnings: what is available, pending, in progress and paid, and their payouts. */
export function EarningsTab() {
  const payouts = usePayouts();
  if (payouts.isError && !payouts.data) {
    return <StudioLoadError onRetry={() => void payouts.refetch()} retrying={payouts.isFetching} />;
  }
  if (!payouts.data) return <EarningsSkeleton />;
  const data = payouts.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <p className="text-sm text-muted-foreground">
        A sale’s share is pending for {data.pendingDays} days after its payment, while the buyer may still be
        refunded, and available after that.
      </p>
      {data.balances.map((balance) => (
        <BalanceSection key={balance.currency} balance={balance} overview={data} />
      ))}
      {data.gateway === 'razorpay' ? <AccountCard accountId={data.razorpayAccountId} /> : null}
      <PayoutHistory payouts={data.payouts} />
    </div>
  );
}

function BalanceSection({ balance, overview }: { balance: PayoutBalance; overview: PayoutOverview }) {
  const money = (minor: number) => formatMoney(minor, balance.currency);
  const several = overview.balances.length > 1;
  return (
    <section aria-label={`Balance in ${balance.currency}`} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {several ? <h2 className="text-base font-semibold">{balance.currency}</h2> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Available"
          icon={<WalletIcon aria-hidden />}
          value={money(balance.availableMinor)}
          footer={`Least payout ${money(balance.thresholdMinor)}`}
          testId="balance-available"
        />
        <StatCard
          label="Pending"
          icon={<HourglassIcon aria-hidden />}
          value={money(balance.pendingMinor)}
          footer={
            balance.nextAvailableAt
              ? `Next available on ${formatDate(balance.nextAvailableAt)}`
              : `Sales of the last ${overview.pendingDays} days`
          }
          testId="balance-pending"
        />
        <StatCard
          label="In progress"
          icon={<ClockIcon aria-hidden />}
          value={money(balance.inProgressMinor)}
          footer="Requested, not yet paid"
          testId="balance-in-progress"
        />
        <StatCard
          label="Paid out"
          icon={<CheckCircle2Icon aria-hidden />}
          value={money(balance.paidMinor)}
          footer="All time"
          testId="balance-paid"
        />
      </div>
      {balance.availableMinor < 0 ? (
        <Alert variant="warning">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>Your balance is below zero</AlertTitle>
          <AlertDescription>
            A buyer was refunded after their sale had been paid out to you, so your balance is{' '}
            {money(balance.availableMinor)}. Later sales make it up first; payouts resume once it is above
            zero again.
          </AlertDescription>
        </Alert>
      ) : null}
      <RequestCard balance={balance} gateway={overview.gateway} />
    </section>
  );
}

function howPaid(gateway: PayoutOverview['gateway']) {
  if (gateway === 'razorpay') {
    return 'An admin reviews each request, then sends it to your Razorpay linked account through Razorpay Route, or pays it by hand and records the reference.';
  }
  if (gateway === 'test') {
    return 'An admin reviews each request. This site runs in demo mode: approved payouts go through the test gateway and no real money moves.';
  }
  return 'An admin reviews each request and pays it by hand, recording the reference you will see below.';
}

function RequestCard({ balance, gateway }: { balance: PayoutBalance; gateway: PayoutOverview['gateway'] }) {
  const id = useId();
  const request = useRequestPayout();
  const money = (minor: number) => formatMoney(minor, balance.currency);
  const canAsk = balance.availableMinor >= balance.thresholdMinor;
  const [amount, setAmount] = useState(() =>
    canAsk ? (balance.availableMinor / 100).toFixed(2) : (balance.thresholdMinor / 100).toFixed(2),
  );
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const minor = toMinorExact(Number(amount));
    if (!Number.isFinite(minor) || minor <= 0)
      return setError('Enter an amount in whole cents, such as 25.00');
    if (minor < balance.thresholdMinor)
      return setError(`The least payout is ${money(balance.thresholdMinor)}.`);
    if (minor > balance.availableMinor) {
      return setError(
        `You can ask for at most ${money(Math.max(0, balance.availableMinor))}, your available balance.`,
      );
    }
    setError(undefined);
    request.mutate(
      { amountMinor: minor, currency: balance.currency },
      { onSuccess: ({ message }) => withToast((toast) => toast.success(message ?? 'Payout requested')) },
    );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Request a payout</CardTitle>
        <CardDescription>{howPaid(gateway)}</CardDescription>
      </CardHeader>
      <CardContent>
        {canAsk ? (
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <Field
              id={`${id}-amount`}
              label={`Amount (${balance.currency})`}
              error={error}
              hint={`Between ${money(balance.thresholdMinor)} and ${money(balance.availableMinor)}`}
              className="sm:w-64"
            >
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </Field>
            <Button type="submit" disabled={request.isPending} className="sm:mb-6">
              <BanknoteIcon aria-hidden />
              Request payout
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">
            {balance.availableMinor < 0
              ? 'Payouts are paused while your balance is below zero.'
              : `You can ask for a payout once ${money(balance.thresholdMinor)} is available; ${money(Math.max(0, balance.availableMinor))} is available now.`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AccountCard({ accountId }: { accountId: string | null }) {
  const id = useId();
  const save = useSavePayoutAccount();
  const [value, setValue] = useState(accountId ?? '');
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Razorpay linked account</CardTitle>
        <CardDescription>
          Payouts through the gateway are Razorpay Route transfers to this account. Without one, an admin pays
          you by hand.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(value.trim(), {
              onSuccess: () => withToast((toast) => toast.success('Payout account saved')),
            });
          }}
        >
          <Field
            id={`${id}-account`}
            label="Account id"
            hint="Starts with acc_, as Razorpay shows it"
            className="sm:w-72"
          >
            <Input
              id={`${id}-account`}
              value={value}
              placeholder="acc_XXXXXXXXXXXXXX"
              onChange={(event) => setValue(event.target.value)}
              autoComplete="off"
            />
          </Field>
          <Button type="submit" variant="outline" disabled={save.isPending} className="sm:mb-6">
            Save
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function methodText(p: Payout) {
  if (p.status === 'processing' || !p.reference) return null;
  if (p.method === 'manual') return `Paid by hand · reference ${p.reference}`;
  if (p.method === 'test') return `Test gateway (demo, no real money) · ${p.reference}`;
  if (p.method === 'razorpay') return `Razorpay Route transfer · ${p.reference}`;
  return null;
}

function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Payouts</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        {payouts.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">No payouts yet.</p>
        ) : (
          <ul className="divide-y border-t" aria-label="Your payouts">
            {payouts.map((p) => {
              const status = STATUS[p.status];
              const how = methodText(p);
              return (
                <li key={p.id} className="grid gap-1 px-4 py-3 sm:px-6" data-testid="payout-item">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold tabular-nums">
                      {formatMoney(p.amountMinor, p.currency)}
                    </span>
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    Requested {formatDate(p.requestedAt)}
                    {p.paidAt ? ` · paid ${formatDate(p.paidAt)}` : ''}
                  </p>
                  {how ? (
                    <p className="flex items-center gap-1 text-xs break-all text-muted-foreground">
                      <ArrowUpRightIcon className="size-3 shrink-0" aria-hidden />
                      {how}
                    </p>
                  ) : null}
                  {p.status === 'rejected' && p.note ? (
                    <p className="text-sm break-words">Reason: {p.note}</p>
                  ) : (p.status === 'failed' || p.status === 'reversed') && p.note ? (
                    <p className="text-sm break-words">{p.note}</p>
                  ) : p.status === 'processing' ? (
                    <p className="text-sm text-muted-foreground">Approved; the payment is on its way.</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EarningsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading earnings">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <StatCardSkeleton key={i} />
        ))}
      </div>
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}
