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
            <TableHead className="hidden sm:table-cell">Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="text-right">Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {payments.map((payment) => {
            const status = PAYMENT_STATUS[payment.status];
            const when = payment.paidAt ?? payment.createdAt;
            return (
              <TableRow key={payment.id}>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                  <time dateTime={when}>{formatDate(when)}</time>
                </TableCell>
                <TableCell className="min-w-32 sm:max-w-64">
                  <span className="line-clamp-2">{payment.description}</span>
                  {/* Phones have no Date column: the date sits under the description. */}
                  <time dateTime={when} className="block text-xs text-muted-foreground sm:hidden">
                    {formatDate(when)}
                  </time>
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
