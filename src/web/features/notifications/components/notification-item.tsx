import { FlaskConical, MessageSquareText, RefreshCw, ShoppingBag, Wallet } from 'lucide-react';
import type { Notification, NotificationKind } from '@shared/notifications';
import { cn } from '@/lib/cn';
import { RelativeTime } from '@/components/relative-time';

const ICONS: Record<NotificationKind, typeof RefreshCw> = {
  'prompt.updated': RefreshCw,
  'prompt.reviewed': MessageSquareText,
  'prompt.sold': ShoppingBag,
  'payout.updated': Wallet,
  'prompt.tests_failing': FlaskConical,
};

/** One notice: its kind's icon, title, body, when, and a dot while it is unread. */
export function NotificationItem({ notice, compact = false }: { notice: Notification; compact?: boolean }) {
  const Icon = ICONS[notice.kind] ?? RefreshCw;
  const unread = notice.readAt === null;
  return (
    <span className="flex w-full min-w-0 items-start gap-3 text-left">
      <span
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-primary/12 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm break-words', unread ? 'font-semibold' : 'font-medium')}>
          {notice.title}
        </span>
        {notice.body ? (
          <span className={cn('block text-sm break-words text-muted-foreground', compact && 'line-clamp-2')}>
            {notice.body}
          </span>
        ) : null}
        <RelativeTime value={notice.createdAt} className="mt-0.5 block text-xs text-muted-foreground" />
      </span>
      {unread ? (
        <span className="mt-2 size-2 shrink-0 rounded-full bg-primary" aria-label="Unread" role="img" />
      ) : null}
    </span>
  );
}
