import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyPoint, PlanShare } from '@shared/admin-dashboard';
import { ChartTooltipBox, axisTick, countAxis, dayAxis, dayGrid, dollarAxis } from '@/components/chart-parts';
import { formatDay, formatMoney, formatNumber } from '@/lib/format';

/*
 * The dashboard's charts. Colours are CSS variables on the wrapper (brighter under .dark), so the SVG
 * follows the theme without re-rendering.
 */
export const ADMIN_CHART_COLORS =
  '[--chart-signups:var(--primary)] [--chart-publications:oklch(0.58_0.13_235)] [--chart-revenue:oklch(0.6_0.15_155)] dark:[--chart-publications:oklch(0.72_0.13_235)] dark:[--chart-revenue:oklch(0.72_0.15_155)]';

type Metric = 'signups' | 'publications' | 'revenue';

const METRICS: Record<Metric, { label: string; color: string; format: (v: number) => string }> = {
  signups: { label: 'Sign-ups', color: 'var(--chart-signups)', format: formatNumber },
  publications: { label: 'Publications', color: 'var(--chart-publications)', format: formatNumber },
  revenue: { label: 'Revenue', color: 'var(--chart-revenue)', format: (v) => formatMoney(v * 100) },
};

interface TooltipProps {
  active?: boolean;
  payload?: readonly { dataKey?: unknown; value?: unknown; payload?: unknown }[];
}

function DayTooltip({ active, payload }: TooltipProps) {
  if (!active || !payload?.length) return null;
  const point = payload[0]?.payload as DailyPoint | undefined;
  if (!point) return null;
  const rows = payload.map((entry) => {
    const metric = METRICS[entry.dataKey as Metric];
    return { key: String(entry.dataKey), ...metric, value: metric.format(Number(entry.value ?? 0)) };
  });
  return <ChartTooltipBox title={formatDay(point.date, 'long')} rows={rows} className="min-w-36" />;
}

function ChartFrame({
  label,
  children,
  tall = false,
}: {
  label: string;
  children: ReactNode;
  tall?: boolean;
}) {
  return (
    <figure aria-label={label} data-testid="admin-chart" className={tall ? 'h-72 w-full' : 'h-60 w-full'}>
      {children}
    </figure>
  );
}

/** Sign-ups and publications per day, as bars (Overview shows both side by side, the Users and Prompts tabs one each). */
export function ActivityChart({
  series,
  metrics,
  label,
}: {
  series: DailyPoint[];
  metrics: readonly ('signups' | 'publications')[];
  label: string;
}) {
  return (
    <ChartFrame label={label} tall>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={1}>
          {dayGrid}
          {dayAxis}
          {countAxis({ width: 36 })}
          <Tooltip content={DayTooltip} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
          {metrics.map((key) => (
            <Bar
              key={key}
              dataKey={key}
              name={METRICS[key].label}
              fill={METRICS[key].color}
              radius={[3, 3, 0, 0]}
              maxBarSize={metrics.length > 1 ? 12 : 24}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** The colour key of a chart with more than one series. */
export function ChartKey({ metrics }: { metrics: readonly Metric[] }) {
  return (
    <ul className="mb-3 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
      {metrics.map((key) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: METRICS[key].color }} />
          {METRICS[key].label}
        </li>
      ))}
    </ul>
  );
}

/** Revenue per day (captured payments less refunds), as bars. */
export function RevenueChart({ series, label }: { series: DailyPoint[]; label: string }) {
  return (
    <ChartFrame label={label} tall>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {dayGrid}
          {dayAxis}
          {dollarAxis({ width: 52 })}
          <Tooltip content={DayTooltip} cursor={{ fill: 'var(--muted)', opacity: 0.5 }} />
          <Bar
            dataKey="revenue"
            name="Revenue"
            fill="var(--chart-revenue)"
            radius={[3, 3, 0, 0]}
            maxBarSize={24}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Users per plan, as horizontal bars; paid plans in the brand colour. */
export function PlanChart({ plans, label }: { plans: PlanShare[]; label: string }) {
  return (
    <ChartFrame label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={plans} layout="vertical" margin={{ top: 0, right: 24, bottom: 0, left: 0 }}>
          <CartesianGrid horizontal={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis type="number" tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="name"
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={80}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
            content={({ active, payload }) =>
              active && payload?.[0] ? (
                <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg">
                  <span className="font-medium">{(payload[0].payload as PlanShare).name}</span>:{' '}
                  {formatNumber(Number(payload[0].value ?? 0))} users
                </div>
              ) : null
            }
          />
          <Bar dataKey="users" radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false}>
            {plans.map((p, i) => (
              <Cell
                key={p.planId ?? 'free'}
                fill={i === 0 ? 'var(--muted-foreground)' : 'var(--chart-signups)'}
              />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
