import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  YAxis,
} from 'recharts';
import { ChartTooltipBox, axisTick, countAxis, dayAxis, dayGrid, dollarAxis } from '@/components/chart-parts';
import { cn } from '@/lib/cn';
import { formatDay, formatNumber } from '@/lib/format';
import { type ChartPoint, formatDollars } from '../lib/figures';

export type SeriesKey = Exclude<keyof ChartPoint, 'date' | 'end'>;

/*
 * Colours are CSS variables set on the charts' wrapper (light values, brighter ones under .dark), so
 * the SVG follows the theme without re-rendering. Views take the brand colour.
 */
export const CHART_COLORS =
  '[--chart-views:var(--primary)] [--chart-likes:oklch(0.62_0.21_10)] [--chart-downloads:oklch(0.58_0.13_235)] [--chart-tries:oklch(0.7_0.16_65)] [--chart-revenue:oklch(0.6_0.15_155)] [--chart-purchases:oklch(0.58_0.13_235)] dark:[--chart-likes:oklch(0.7_0.19_10)] dark:[--chart-downloads:oklch(0.72_0.13_235)] dark:[--chart-tries:oklch(0.8_0.15_75)] dark:[--chart-revenue:oklch(0.72_0.15_155)] dark:[--chart-purchases:oklch(0.74_0.12_235)]';

const SERIES: Record<SeriesKey, { label: string; color: string; format: (v: number) => string }> = {
  views: { label: 'Views', color: 'var(--chart-views)', format: formatNumber },
  likes: { label: 'Likes', color: 'var(--chart-likes)', format: formatNumber },
  downloads: { label: 'Downloads', color: 'var(--chart-downloads)', format: formatNumber },
  tries: { label: 'Tries', color: 'var(--chart-tries)', format: formatNumber },
  purchases: { label: 'Purchases', color: 'var(--chart-purchases)', format: formatNumber },
  revenue: { label: 'Revenue', color: 'var(--chart-revenue)', format: formatDollars },
};

export const PERFORMANCE_KEYS = ['views', 'likes', 'downloads', 'tries'] as const;
export const REVENUE_KEYS = ['revenue', 'purchases'] as const;

function ChartTooltip({ active, payload }: Pick<TooltipContentProps, 'active' | 'payload'>) {
  if (!active || !payload?.length) return null;
  const point = payload[0]?.payload as ChartPoint | undefined;
  if (!point) return null;
  const when =
    point.date === point.end
      ? formatDay(point.date, 'long')
      : `${formatDay(point.date)} – ${formatDay(point.end, 'long')}`;
  const rows = payload.map((entry) => {
    const key = entry.dataKey as SeriesKey;
    return { key, ...SERIES[key], value: SERIES[key].format(Number(entry.value ?? 0)) };
  });
  return <ChartTooltipBox title={when} rows={rows} className="min-w-40" />;
}

/**
 * The chart's key; each entry also shows or hides its line, so the smaller figures can be read on
 * their own scale when views dwarf them.
 */
export function ChartLegend<K extends SeriesKey>({
  keys,
  hidden,
  onToggle,
}: {
  keys: readonly K[];
  hidden: ReadonlySet<K>;
  onToggle: (key: K) => void;
}) {
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Shown figures">
      {keys.map((key) => {
        const shown = !hidden.has(key);
        return (
          <li key={key}>
            <button
              type="button"
              aria-pressed={shown}
              onClick={() => onToggle(key)}
              // The last shown figure stays: an empty chart says nothing.
              disabled={shown && hidden.size === keys.length - 1}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default disabled:hover:bg-transparent',
                shown ? 'text-foreground' : 'text-muted-foreground line-through',
              )}
            >
              <span
                className={cn('size-2.5 rounded-sm', !shown && 'opacity-30')}
                style={{ background: SERIES[key].color }}
                aria-hidden
              />
              {SERIES[key].label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A named figure rather than role="img": the chart inside stays reachable by keyboard.
    <figure aria-label={label} className="h-64 w-full sm:h-72">
      {children}
    </figure>
  );
}

/** Performance Overview: views, likes, downloads and tries per day (or week). */
export function PerformanceChart({
  series,
  summary,
  hidden,
}: {
  series: ChartPoint[];
  summary: string;
  hidden: ReadonlySet<SeriesKey>;
}) {
  return (
    <ChartFrame label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            {PERFORMANCE_KEYS.map((key) => (
              <linearGradient key={key} id={`fill-${key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={SERIES[key].color} stopOpacity={key === 'views' ? 0.3 : 0.12} />
                <stop offset="100%" stopColor={SERIES[key].color} stopOpacity={0} />
              </linearGradient>
            ))}
          </defs>
          {dayGrid}
          {dayAxis}
          {countAxis({ width: 44 })}
          <Tooltip content={ChartTooltip} cursor={{ stroke: 'var(--border)', strokeWidth: 1 }} />
          {PERFORMANCE_KEYS.map((key) => (
            <Area
              key={key}
              type="monotone"
              dataKey={key}
              name={SERIES[key].label}
              stroke={SERIES[key].color}
              strokeWidth={key === 'views' ? 2 : 1.5}
              fill={`url(#fill-${key})`}
              hide={hidden.has(key)}
              dot={false}
              activeDot={{ r: 3.5, strokeWidth: 0 }}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Revenue Analytics: the creator's revenue per day or week (bars) and the purchases behind it (line). */
export function RevenueChart({
  series,
  summary,
  hidden,
}: {
  series: ChartPoint[];
  summary: string;
  hidden: ReadonlySet<SeriesKey>;
}) {
  return (
    <ChartFrame label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={series} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          {dayGrid}
          {dayAxis}
          {dollarAxis({ yAxisId: 'revenue', width: 52 })}
          <YAxis
            yAxisId="purchases"
            orientation="right"
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            width={32}
          />
          <Tooltip content={ChartTooltip} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
          <Bar
            yAxisId="revenue"
            dataKey="revenue"
            name="Revenue"
            fill="var(--chart-revenue)"
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            hide={hidden.has('revenue')}
            isAnimationActive={false}
          />
          <Line
            yAxisId="purchases"
            type="monotone"
            dataKey="purchases"
            name="Purchases"
            stroke="var(--chart-purchases)"
            hide={hidden.has('purchases')}
            strokeWidth={2}
            dot={false}
            activeDot={{ r: 3.5, strokeWidth: 0 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
