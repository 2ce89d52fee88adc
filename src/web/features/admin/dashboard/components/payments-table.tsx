import { AlertCircleIcon, RotateCwIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { REFUND_WINDOW_DAYS, type AdminPayment } from '@shared/billing';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { withToast } from '@/lib/lazy-toast';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { PAYMENTS_PAGE_SIZE, useAdminPayments } from '../api/get-admin-payments';
import { useRefundPayment } from '../api/refund-payment';

const STATUS_BADGE: Record<AdminPayment['status'], BadgeProps['variant']> = {
  captured: 'success',
  refunded: 'warning',
  failed: 'destructive',
  created: 'secondary',
  authorized: 'secondary',
};

function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const refund = useRefundPayment();
  return (
    <ConfirmDialog
      mustAnswer
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      pending={refund.isPending}
      title="Refund this payment?"
      description={
        payment
          ? `${formatMoney(payment.amountMinor - payment.refundedMinor, payment.currency)} goes back to ${payment.user.name} (${payment.user.email}) for ${payment.description}. What it paid for is withdrawn.`
          : null
      }
      confirmLabel={refund.isPending ? 'Refunding…' : 'Refund'}
      onConfirm={() => {
        if (!payment) return;
        refund.mutate(payment.id, {
          onSuccess: (result) => {
            withToast((toast) =>
              toast.success('Payment refunded', { description: result.message ?? payment.description }),
            );
            onClose();
          },
        });
      }}
    />
  );
}

/**
 * Recent payments with a Refund button (within the refund window). The list and the refund are the
 * billing module's endpoints; when they fail, the table says so and offers Retry.
 */
export function PaymentsTable() {
  const [page, setPage] = useState(1);
  const payments = useAdminPayments(page);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  if (payments.isPending) {
    return (
      <div className="grid gap-2" aria-label="Loading payments">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (payments.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center"
      >
        <AlertCircleIcon className="size-5 text-destructive" aria-hidden />
        <p className="text-sm">
          <span className="font-medium">Failed to load payments.</span>{' '}
          <span className="text-muted-foreground">{payments.error.message}</span>
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void payments.refetch()}
          disabled={payments.isFetching}
        >
          <RotateCwIcon className={payments.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  const { payments: rows, total } = payments.data;
  const pages = Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE));
  if (rows.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No payments yet.</p>;
  return (
    <div className="grid gap-3">
      <Table aria-label="Recent payments">
        <TableHeader>
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead className="hidden md:table-cell">For</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden sm:table-cell">Date</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.id} data-testid="payment-row">
              <TableCell className="max-w-48">
                <p className="truncate font-medium">{p.user.name}</p>
                <p className="truncate text-xs text-muted-foreground">{p.user.email}</p>
              </TableCell>
              <TableCell className="hidden max-w-56 truncate md:table-cell">{p.description}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(p.amountMinor, p.currency)}
                {p.refundedMinor > 0 ? (
                  <p className="text-xs text-muted-foreground">−{formatMoney(p.refundedMinor, p.currency)}</p>
                ) : null}
              </TableCell>
              <TableCell>
                <Badge variant={STATUS_BADGE[p.status]} className="capitalize">
                  {p.status}
                </Badge>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                {formatDate(p.paidAt ?? p.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!p.refundable}
                  title={
                    p.refundable
                      ? undefined
                      : `Only captured payments of the last ${REFUND_WINDOW_DAYS} days can be refunded`
                  }
                  onClick={() => setRefunding(p)}
                >
                  <Undo2Icon aria-hidden />
                  Refund
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      ) : null}
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}
