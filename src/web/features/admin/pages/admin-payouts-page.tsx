import { RotateCwIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import type { PayoutStatus } from '@shared/payouts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PAYOUTS_PAGE_SIZE, useAdminPayouts } from '../payouts/api/get-admin-payouts';
import { PayoutItem } from '../payouts/components/payout-item';
import { ThresholdCard } from '../payouts/components/threshold-card';

type Filter = PayoutStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'requested', label: 'To review' },
  { value: 'processing', label: 'Processing' },
  { value: 'paid', label: 'Paid' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'failed', label: 'Failed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const EMPTY: Record<Filter, string> = {
  requested: 'No payout requests to review',
  processing: 'No approved payouts waiting for their transfer',
  paid: 'No payouts paid yet',
  reversed: 'No reversed transfers',
  failed: 'No failed transfers',
  rejected: 'No rejected payouts',
  all: 'No payout requests yet',
};

const GATEWAY_NOTE = {
  razorpay:
    'Approved payouts are sent as Razorpay Route transfers to the creator’s linked account by a background job (processing until it is done), or marked paid by hand with a reference. A transfer Razorpay reports failed or reversed goes back to the creator’s balance.',
  test: 'Demo mode: approved payouts go through the test gateway, by a background job, and no real money moves. You can also mark one paid by hand with a reference.',
  off: 'No payment gateway is configured: mark approved payouts paid by hand with their reference.',
} as const;

/** /admin/payouts: creators' payout requests, approval (gateway or by hand) or rejection, and the threshold. */
export function AdminPayoutsPage() {
  const [filter, setFilter] = useState<Filter>('requested');
  const [page, setPage] = useState(1);
  const payouts = useAdminPayouts(filter, page);
  const pages = payouts.data ? Math.max(1, Math.ceil(payouts.data.total / PAYOUTS_PAGE_SIZE)) : 1;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Payouts</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {payouts.data
            ? GATEWAY_NOTE[payouts.data.gateway]
            : 'Creators’ requests to be paid their earnings.'}
        </p>
      </div>
      <Tabs
        value={filter}
        onValueChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
      >
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto sm:flex-wrap">
          {FILTERS.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={filter} className="mt-6 grid gap-6">
          {payouts.isPending ? (
            <Card className="grid gap-4 p-6" aria-busy="true" aria-label="Loading payouts">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </Card>
          ) : payouts.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Failed to load payouts</AlertTitle>
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {payouts.error.message || 'Please try refreshing the page'}
                <Button size="sm" variant="outline" onClick={() => void payouts.refetch()}>
                  <RotateCwIcon aria-hidden />
                  Retry
                </Button>
              </AlertDescription>
            </Alert>
          ) : payouts.data.payouts.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <WalletIcon className="size-6" aria-hidden />
              </div>
              <p className="font-medium">{EMPTY[filter]}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                Creators ask for payouts from the Earnings tab of their dashboard.
              </p>
            </Card>
          ) : (
            <Card className="divide-y overflow-hidden" aria-busy={payouts.isFetching}>
              {payouts.data.payouts.map((p) => (
                <PayoutItem key={p.id} payout={p} gateway={payouts.data.gateway} />
              ))}
            </Card>
          )}
          {pages > 1 ? (
            <div className="flex items-center justify-end gap-2 text-sm">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-muted-foreground tabular-nums">
                Page {page} of {pages}
              </span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
      {payouts.data ? <ThresholdCard thresholds={payouts.data.thresholds} /> : null}
    </div>
  );
}
