import { Bell } from 'lucide-react';
import { menuOnDemand } from '@/components/layout/menu-on-demand';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLatestNotifications } from '../api/get-notifications';

const NotificationMenu = menuOnDemand(async () => (await import('./notification-menu')).NotificationMenu);

const countLabel = (n: number) => (n > 99 ? '99+' : String(n));

/** The header's bell (signed in only): the unread count, and the latest notices in a menu. */
export function NotificationBell({ className }: { className?: string }) {
  const { user } = useAuth();
  const latest = useLatestNotifications();
  if (!user) return null;
  const unread = latest.data?.unread ?? 0;
  return (
    <NotificationMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className={cn('relative size-10 rounded-full', className)}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="menu"
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 ? (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground tabular-nums ring-2 ring-background"
            >
              {countLabel(unread)}
            </span>
          ) : null}
        </Button>
      }
    />
  );
}
