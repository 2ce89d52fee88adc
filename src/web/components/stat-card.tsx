import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { growthDisplay } from '@/lib/format';

/** One headline figure, with its icon and an optional line of context under it (growth, a total). */
export function StatCard({
  label,
  value,
  icon,
  footer,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary sm:size-9 [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl" data-slot="value">
        {value}
      </p>
      {footer ? <div className="mt-2 text-xs text-muted-foreground">{footer}</div> : null}
    </Card>
  );
}

export function StatCardSkeleton() {
  return (
    <Card className="p-4 sm:p-5">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-4 h-8 w-20" />
      <Skeleton className="mt-3 h-3 w-32" />
    </Card>
  );
}

/** Green and up, red and down, or a dash when there was nothing before to compare with. */
export function GrowthBadge({ percent, subject }: { percent: number | null; subject: string }) {
  const { text, trend } = growthDisplay(percent);
  const Icon = trend === 'up' ? ArrowUpRightIcon : trend === 'down' ? ArrowDownRightIcon : MinusIcon;
  const label =
    trend === 'none'
      ? `No earlier ${subject} to compare with`
      : `${text} ${trend === 'down' ? 'decrease' : 'increase'} in ${subject}`;
  return (
    <span
      data-trend={trend}
      title={label}
      className={cn(
        'inline-flex items-center gap-0.5 rounded-md px-1.5 py-0.5 text-xs font-semibold tabular-nums',
        trend === 'up' && 'bg-success/15 text-success',
        trend === 'down' && 'bg-destructive/15 text-destructive',
        (trend === 'flat' || trend === 'none') && 'bg-muted text-muted-foreground',
      )}
    >
      {trend === 'none' ? null : <Icon className="size-3.5" aria-hidden />}
      <span aria-hidden>{text}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
