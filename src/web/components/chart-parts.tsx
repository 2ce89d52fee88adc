import { CartesianGrid, XAxis, YAxis, type YAxisProps } from 'recharts';
import { formatCount, formatDay } from '@/lib/format';

/* What the studio's and the admin dashboard's charts share: axis text, the days axis and the tooltip. */

export const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };

/** The x axis of a daily series, written as UTC days ('Jan 5'). An element, as recharts reads its children. */
export const dayAxis = (
  <XAxis
    dataKey="date"
    tickFormatter={(d: string) => formatDay(d)}
    tick={axisTick}
    tickLine={false}
    axisLine={false}
    minTickGap={28}
    tickMargin={8}
  />
);

/** The horizontal grid lines behind a daily series. */
export const dayGrid = <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />;

/*
 * The y axes of counts ('1.2k') and of dollars ('$1.2k'). Called as functions, not rendered as
 * components, for the same reason as dayAxis.
 */
export const countAxis = (props: YAxisProps) => (
  <YAxis
    tick={axisTick}
    tickLine={false}
    axisLine={false}
    allowDecimals={false}
    tickFormatter={(v: number) => formatCount(v)}
    {...props}
  />
);

export const dollarAxis = (props: YAxisProps) => (
  <YAxis
    tick={axisTick}
    tickLine={false}
    axisLine={false}
    tickFormatter={(v: number) => `$${formatCount(v)}`}
    {...props}
  />
);

export interface TooltipRow {
  key: string;
  label: string;
  color: string;
  value: string;
}

/** A chart's tooltip: when, then each series with its colour and value. */
export function ChartTooltipBox({
  title,
  rows,
  className,
}: {
  title: string;
  rows: TooltipRow[];
  className: string;
}) {
  return (
    <div
      className={`${className} rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg`}
    >
      <p className="mb-1.5 font-medium">{title}</p>
      <ul className="grid gap-1">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <span className="size-2 rounded-full" style={{ background: row.color }} aria-hidden />
              {row.label}
            </span>
            <span className="font-medium tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
