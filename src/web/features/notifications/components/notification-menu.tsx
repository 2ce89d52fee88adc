import { CheckCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import type { OnDemandMenuProps } from '@/components/layout/menu-on-demand';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

/** The bell's menu (loaded on first use): the latest notices, mark all read, and the full list. */
export function NotificationMenu({ trigger, defaultOpen }: OnDemandMenuProps) {
  const latest = useLatestNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const data = latest.data;
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 text-sm font-semibold">Notifications</DropdownMenuLabel>
          {data && data.unread > 0 ? (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-xs"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
            >
              <CheckCheck aria-hidden />
              Mark all read
            </Button>
          ) : null}
        </div>
        <DropdownMenuSeparator className="my-0" />
        {data === undefined ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">
            {latest.isError ? 'Could not load your notifications.' : 'Loading…'}
          </p>
        ) : data.notifications.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">
            You have no notifications yet.
          </p>
        ) : (
          <div className="max-h-[min(26rem,70vh)] overflow-y-auto p-1">
            {data.notifications.map((n) => (
              <DropdownMenuItem
                key={n.id}
                className="items-start rounded-md px-2 py-2.5"
                onSelect={() => {
                  if (n.readAt === null) markRead.mutate(n.id);
                  if (n.link) void navigate(n.link);
                }}
              >
                <NotificationItem notice={n} compact />
              </DropdownMenuItem>
            ))}
          </div>
        )}
        <DropdownMenuSeparator className="my-0" />
        <DropdownMenuItem asChild className="justify-center rounded-none py-2.5 text-sm font-medium">
          <Link to={PAGE_PATHS.notifications}>See all notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
