import { Activity, FileText, type LucideIcon, Timer, Users } from 'lucide-react';
import type { PublicStats } from '@shared/site';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useSiteStats } from '../api/get-site-stats';
import { formatStatCount, formatStatPercent, formatStatReply } from './stat-format';

interface StatItem {
  key: string;
  icon: LucideIcon;
  label: string;
  /** Why the figure is missing, shown when the platform has no data for it yet. */
  emptyHint: string;
  value: (stats: PublicStats) => string | null;
}

const ITEMS: StatItem[] = [
  {
    key: 'users',
    icon: Users,
    label: 'users',
    emptyHint: 'No figure yet',
    value: (s) => formatStatCount(s.users),
  },
  {
    key: 'prompts',
    icon: FileText,
    label: 'published prompts',
    emptyHint: 'No figure yet',
    value: (s) => formatStatCount(s.publishedPrompts),
  },
  {
    key: 'success',
    icon: Activity,
    label: 'playground success',
    emptyHint: 'No replies yet',
    value: (s) => (s.successRate === null ? null : formatStatPercent(s.successRate)),
  },
  {
    key: 'reply',
    icon: Timer,
    label: 'median reply',
    emptyHint: 'No replies yet',
    value: (s) => (s.medianReplyMs === null ? null : formatStatReply(s.medianReplyMs)),
  },
];

/** Live platform figures (product-decisions.md section 1); a failed load shows dashes, not made-up numbers. */
export function StatsStrip() {
  const { data, isPending } = useSiteStats();

  return (
    <section aria-label="Platform statistics" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <dl className="grid grid-cols-2 overflow-hidden rounded-2xl border bg-card/70 shadow-sm backdrop-blur lg:grid-cols-4">
        {ITEMS.map((item, i) => {
          const value = data ? item.value(data) : null;
          const Icon = item.icon;
          return (
            <div
              key={item.key}
              data-testid={`stat-${item.key}`}
              className={cn(
                'flex flex-col items-center gap-1 px-4 py-6 text-center sm:py-8',
                // Hairlines between cells: a 2x2 grid on phones, one row from lg.
                i % 2 === 1 && 'border-l',
                i >= 2 && 'border-t lg:border-t-0',
                i === 2 && 'lg:border-l',
              )}
            >
              <dt className="order-2 flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
                <Icon className="size-3.5 sm:size-4" aria-hidden />
                {item.label}
              </dt>
              <dd className="order-1">
                {isPending ? (
                  <Skeleton className="h-8 w-20 sm:h-9 sm:w-24" data-testid="stat-skeleton" />
                ) : value === null ? (
                  <span
                    className="text-2xl font-bold tracking-tight text-muted-foreground/70 sm:text-3xl"
                    title={data ? item.emptyHint : 'Figures are unavailable right now'}
                  >
                    —
                  </span>
                ) : (
                  <span
                    data-testid="stat-value"
                    className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
                  >
                    {value}
                  </span>
                )}
              </dd>
              {!isPending && value === null && (
                <dd className="order-3 text-[11px] text-muted-foreground/80">
                  {data ? item.emptyHint : 'Unavailable'}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}
