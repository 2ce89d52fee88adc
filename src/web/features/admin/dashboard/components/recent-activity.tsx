import { ActivityIcon, CreditCardIcon, FileTextIcon, UserPlusIcon } from 'lucide-react';
import type { ActivityIcon as ActivityIconName } from '@shared/admin-dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useRecentActivity } from '../api/get-recent-activity';
import { RelativeTime } from '@/components/relative-time';

/** The spec's activity icons: user-plus, file-text, credit-card, other. */
const ICONS: Record<ActivityIconName, { Icon: typeof UserPlusIcon; tone: string }> = {
  'user-plus': { Icon: UserPlusIcon, tone: 'bg-primary/10 text-primary' },
  'file-text': { Icon: FileTextIcon, tone: 'bg-sky-500/10 text-sky-600 dark:text-sky-400' },
  'credit-card': { Icon: CreditCardIcon, tone: 'bg-success/15 text-success' },
  other: { Icon: ActivityIcon, tone: 'bg-muted text-muted-foreground' },
};

/** Recent Activity: sign-ups, publications, payments and moderation, from GET /api/admin/recent-activity. */
export function RecentActivity() {
  const activity = useRecentActivity();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>Sign-ups, publications, payments and moderation</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <ul className="grid gap-4" aria-label="Loading activity">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                </div>
              </li>
            ))}
          </ul>
        ) : activity.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the activity: {activity.error.message}
          </p>
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
        ) : (
          <ol className="grid gap-4" aria-label="Recent activity">
            {activity.data.map((entry) => {
              const { Icon, tone } = ICONS[entry.icon];
              return (
                <li key={entry.id} className="flex gap-3" data-testid="activity-entry" data-icon={entry.icon}>
                  <span className={cn('grid size-8 shrink-0 place-items-center rounded-full', tone)}>
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm leading-tight font-medium">{entry.title}</p>
                    <p className="mt-0.5 text-sm break-words text-muted-foreground">{entry.description}</p>
                  </div>
                  <RelativeTime
                    value={entry.timestamp}
                    className="shrink-0 text-xs whitespace-nowrap text-muted-foreground"
                  />
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
