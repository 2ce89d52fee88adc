import { BellOff, CheckCheck, Loader2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useNotificationList } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';

/** /notifications: every notice of the signed-in user, all or unread, marked read one by one or all at once. */
export function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationList(unreadOnly);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const notices = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Notifications</h1>
          <p className="mt-2 text-muted-foreground">
            Updates to prompts you bought or liked, and reviews and sales of yours.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => markAll.mutate()}
          disabled={unread === 0 || markAll.isPending}
        >
          <CheckCheck aria-hidden />
          Mark all read
        </Button>
      </header>
      <div role="tablist" aria-label="Show" className="mb-4 inline-flex rounded-lg border bg-muted/40 p-1">
        {[
          { label: 'All', value: false },
          { label: unread > 0 ? `Unread (${unread})` : 'Unread', value: true },
        ].map((tab) => (
          <button
            key={tab.label}
            role="tab"
            type="button"
            aria-selected={unreadOnly === tab.value}
            onClick={() => setUnreadOnly(tab.value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              unreadOnly === tab.value
                ? 'bg-background shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Card className="grid gap-4 p-5" role="status" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-8 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </Card>
      ) : list.isError ? (
        <Card className="flex flex-col items-center gap-4 p-10 text-center">
          <p className="font-medium">Could not load your notifications.</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden />
            Try Again
          </Button>
        </Card>
      ) : notices.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <BellOff className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{unreadOnly ? 'Nothing unread.' : 'You have no notifications yet.'}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            You hear here when a prompt you bought or liked gets a new version, and when your prompts are
            reviewed or sold.
          </p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y" aria-label="Notifications">
            {notices.map((n) => (
              <li
                key={n.id}
                className={cn('flex items-start gap-2 px-4 py-3.5 sm:px-5', !n.readAt && 'bg-primary/4')}
              >
                {n.link ? (
                  <Link
                    to={n.link}
                    onClick={() => n.readAt === null && markRead.mutate(n.id)}
                    className="min-w-0 flex-1 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <NotificationItem notice={n} />
                  </Link>
                ) : (
                  <div className="min-w-0 flex-1">
                    <NotificationItem notice={n} />
                  </div>
                )}
                {n.readAt === null ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="shrink-0"
                    onClick={() => markRead.mutate(n.id)}
                    aria-label={`Mark “${n.title}” read`}
                  >
                    Mark read
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="border-t p-3 text-center">
              <Button
                variant="ghost"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
                Show older
              </Button>
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
