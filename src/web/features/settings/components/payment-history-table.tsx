import type { PaymentRecord } from '@shared/billing';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { PAYMENT_STATUS } from '../lib/billing-labels';

/** The user's receipts: date, what it was for, the amount charged and where the payment stands. */
export function PaymentHistoryTable({ payments }: { payments: PaymentRecord[] }) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="payment-history">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="text-right">Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {payments.map((payment) => {
            const status = PAYMENT_STATUS[payment.status];
            return (
              <TableRow key={payment.id}>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={payment.paidAt ?? payment.createdAt}>
                    {formatDate(payment.paidAt ?? payment.createdAt)}
                  </time>
                </TableCell>
                <TableCell className="max-w-64 min-w-40">
                  <span className="line-clamp-2">{payment.description}</span>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(payment.amountMinor, payment.currency)}
                  {payment.refundedMinor > 0 && (
                    <span className="block text-xs text-muted-foreground">
                      {formatMoney(payment.refundedMinor, payment.currency)} refunded
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <Badge variant={status.tone}>{status.label}</Badge>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
