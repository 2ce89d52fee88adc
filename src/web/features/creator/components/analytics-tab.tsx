import {
  BarChart3Icon,
  CircleDollarSignIcon,
  DownloadIcon,
  EyeIcon,
  FlaskConicalIcon,
  HeartIcon,
  ShoppingCartIcon,
  UploadIcon,
} from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_PERIODS, type Analytics, type AnalyticsPeriod } from '@shared/creator';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDay, formatNumber } from '@/lib/format';
import { useAnalytics } from '../api/get-analytics';
import { bucketSeries, formatDollars } from '../lib/figures';
import {
  CHART_COLORS,
  ChartLegend,
  PERFORMANCE_KEYS,
  PerformanceChart,
  REVENUE_KEYS,
  RevenueChart,
  type SeriesKey,
} from './analytics-charts';
import { PromptStatusBadge } from '@/components/prompt-status-badge';
import { GrowthBadge } from '@/components/stat-card';
import { StudioEmpty, StudioLoadError } from './studio-states';

const PERIOD_LABELS: Record<AnalyticsPeriod, { short: string; long: string }> = {
  '7d': { short: '7 days', long: 'the last 7 days' },
  '30d': { short: '30 days', long: 'the last 30 days' },
  '90d': { short: '90 days', long: 'the last 90 days' },
  '1y': { short: '1 year', long: 'the last 12 months' },
};

interface AnalyticsTabProps {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  onUpload: () => void;
}

/** Analytics (spec section 2): the period's figures, Performance Overview, Revenue Analytics and each prompt. */
export function AnalyticsTab({ period, onPeriodChange, onUpload }: AnalyticsTabProps) {
  const query = useAnalytics(period);
  const { data } = query;

  return (
    <section aria-labelledby="analytics-heading" className={cn('grid gap-6', CHART_COLORS)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="analytics-heading" className="text-lg font-semibold tracking-tight">
            Analytics
          </h2>
          <p className="text-sm text-muted-foreground">
            {data ? `${formatDay(data.from, 'long')} – ${formatDay(data.to, 'long')} (UTC days)` : '\u00a0'}
          </p>
        </div>
        <ToggleGroup.Root
          type="single"
          value={period}
          onValueChange={(value) => {
            // Clicking the chosen period again would clear the choice; a period is always chosen.
            if (value) onPeriodChange(value as AnalyticsPeriod);
          }}
          aria-label="Period"
          className="inline-flex h-10 items-center gap-1 self-start rounded-lg bg-muted p-1 sm:self-auto"
        >
          {ANALYTICS_PERIODS.map((p) => (
            <ToggleGroup.Item
              key={p}
              value={p}
              aria-label={PERIOD_LABELS[p].long}
              className="inline-flex h-full cursor-pointer items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm dark:data-[state=on]:bg-card"
            >
              {PERIOD_LABELS[p].short}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>

      {query.isError && !data ? (
        <StudioLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <AnalyticsSkeleton />
      ) : data.prompts.length === 0 ? (
        <StudioEmpty
          icon={<BarChart3Icon aria-hidden />}
          title="No analytics yet"
          actions={
            <Button onClick={onUpload}>
              <UploadIcon aria-hidden />
              Upload a prompt
            </Button>
          }
        >
          Once you publish prompts, their views, likes, downloads, tries and sales are charted here day by
          day.
        </StudioEmpty>
      ) : (
        <AnalyticsBody data={data} period={period} updating={query.isPlaceholderData} />
      )}
    </section>
  );
}

function Tile({
  icon,
  label,
  value,
  extra,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  extra?: ReactNode;
}) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </p>
      <p className="mt-1.5 flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight tabular-nums">
        {value}
        {extra}
      </p>
    </div>
  );
}

function AnalyticsBody({
  data,
  period,
  updating,
}: {
  data: Analytics;
  period: AnalyticsPeriod;
  updating: boolean;
}) {
  const { totals } = data;
  const range = PERIOD_LABELS[period].long;
  // A year is charted by week: 365 single days draw hair-thin bars and a jagged line.
  const weekly = period === '1y';
  const points = useMemo(() => bucketSeries(data.series, weekly ? 7 : 1), [data.series, weekly]);
  const per = weekly ? 'week' : 'day';
  return (
    <div
      className={cn('grid gap-6 transition-opacity', updating && 'opacity-60')}
      aria-busy={updating || undefined}
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Tile
          icon={<EyeIcon aria-hidden />}
          label="Views"
          value={formatNumber(totals.views)}
          extra={<GrowthBadge percent={data.growthRate} subject="views" />}
        />
        <Tile icon={<HeartIcon aria-hidden />} label="Likes" value={formatNumber(totals.likes)} />
        <Tile icon={<DownloadIcon aria-hidden />} label="Downloads" value={formatNumber(totals.downloads)} />
        <Tile icon={<FlaskConicalIcon aria-hidden />} label="Tries" value={formatNumber(totals.tries)} />
        <Tile
          icon={<ShoppingCartIcon aria-hidden />}
          label="Purchases"
          value={formatNumber(totals.purchases)}
        />
        <Tile
          icon={<CircleDollarSignIcon aria-hidden />}
          label="Revenue"
          value={formatDollars(totals.revenue)}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Performance Overview"
          description={`Views, likes, downloads and tries per ${per}`}
          keys={PERFORMANCE_KEYS}
        >
          {(hidden) => (
            <PerformanceChart
              series={points}
              hidden={hidden}
              summary={`Performance over ${range}: ${formatNumber(totals.views)} views, ${formatNumber(totals.likes)} likes, ${formatNumber(totals.downloads)} downloads and ${formatNumber(totals.tries)} tries.`}
            />
          )}
        </ChartCard>
        <ChartCard
          title="Revenue Analytics"
          description={`Your share of sales and the purchases behind it, by ${per}`}
          keys={REVENUE_KEYS}
        >
          {(hidden) => (
            <RevenueChart
              series={points}
              hidden={hidden}
              summary={`Revenue over ${range}: ${formatDollars(totals.revenue)} from ${formatNumber(totals.purchases)} purchases.`}
            />
          )}
        </ChartCard>
      </div>

      <PromptTable prompts={data.prompts} range={range} />
    </div>
  );
}

function ChartCard<K extends SeriesKey>({
  title,
  description,
  keys,
  children,
}: {
  title: string;
  description: string;
  keys: readonly K[];
  children: (hidden: ReadonlySet<SeriesKey>) => ReactNode;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<K>>(() => new Set());
  const toggle = (key: K) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <Card>
      <CardHeader className="gap-1.5 pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
        <div className="-mx-2 pt-1">
          <ChartLegend keys={keys} hidden={hidden} onToggle={toggle} />
        </div>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">{children(hidden)}</CardContent>
    </Card>
  );
}

function PromptTable({ prompts, range }: { prompts: Analytics['prompts']; range: string }) {
  const numeric = 'px-4 py-3 text-right tabular-nums whitespace-nowrap';
  return (
    <Card className="overflow-hidden">
      <CardHeader className="pb-4">
        <CardTitle className="text-base" id="prompt-table-title">
          By prompt
        </CardTitle>
        <CardDescription>Each of your prompts over {range}, most viewed first</CardDescription>
      </CardHeader>
      <div className="overflow-x-auto border-t">
        <table className="w-full min-w-[44rem] text-sm" aria-labelledby="prompt-table-title">
          <thead className="bg-muted/40 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2.5 text-left font-medium">
                Prompt
              </th>
              {['Views', 'Likes', 'Downloads', 'Tries', 'Purchases', 'Revenue'].map((label) => (
                <th key={label} scope="col" className="px-4 py-2.5 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {prompts.map((p) => (
              <tr key={p.id} className="transition-colors hover:bg-muted/30">
                <th scope="row" className="max-w-[13rem] px-4 py-3 text-left font-normal sm:max-w-xs">
                  <div className="flex min-w-0 items-center gap-2">
                    {p.status === 'published' ? (
                      <Link
                        to={`/marketplace/${encodeURIComponent(p.id)}`}
                        className="truncate font-medium underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                      >
                        {p.title}
                      </Link>
                    ) : (
                      <span className="truncate font-medium">{p.title}</span>
                    )}
                    {p.status === 'published' ? null : <PromptStatusBadge status={p.status} />}
                  </div>
                </th>
                <td className={numeric}>{formatNumber(p.views)}</td>
                <td className={numeric}>{formatNumber(p.likes)}</td>
                <td className={numeric}>{formatNumber(p.downloads)}</td>
                <td className={numeric}>{formatNumber(p.tries)}</td>
                <td className={numeric}>{formatNumber(p.purchases)}</td>
                <td className={cn(numeric, 'font-medium')}>{formatDollars(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading analytics">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-[84px] rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </div>
  );
}
