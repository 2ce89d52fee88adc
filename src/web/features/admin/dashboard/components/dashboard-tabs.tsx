import type { ReactNode } from 'react';
import type { AdminDashboard } from '@shared/admin-dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import { CHART_RANGES, type ChartRange, type DashboardTab, lastDays, totals } from '../lib/figures';
import { ADMIN_CHART_COLORS, ActivityChart, ChartKey, PlanChart, RevenueChart } from './admin-charts';
import { PaymentsTable } from './payments-table';
import { TopCreatorsTable, TopPromptsTable } from './top-tables';

function Panel({
  title,
  description,
  children,
  className,
  action,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function RangePicker({ value, onChange }: { value: ChartRange; onChange: (range: ChartRange) => void }) {
  return (
    <div
      role="group"
      aria-label="Chart period"
      className="inline-flex shrink-0 rounded-lg border bg-background p-0.5"
    >
      {CHART_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={cn(
            'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === range
              ? 'bg-primary text-primary-foreground'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {range} days
        </button>
      ))}
    </div>
  );
}

/** The dashboard's tabs (Overview, Users, Prompts, Revenue), each with real charts and tables. */
export function DashboardTabs({
  data,
  tab,
  onTab,
  range,
  onRange,
}: {
  data: AdminDashboard;
  tab: DashboardTab;
  onTab: (tab: DashboardTab) => void;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
}) {
  const series = lastDays(data.series, range);
  const sum = totals(series);
  const { stats } = data;
  const period = `the last ${range} days`;
  const picker = <RangePicker value={range} onChange={onRange} />;

  return (
    <Tabs
      value={tab}
      onValueChange={(v) => onTab(v as DashboardTab)}
      className={ADMIN_CHART_COLORS}
      id="dashboard-tabs"
    >
      <div className="overflow-x-auto pb-1">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="prompts">Prompts</TabsTrigger>
          <TabsTrigger value="revenue">Revenue</TabsTrigger>
        </TabsList>
      </div>

      <TabsContent value="overview" className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <Panel
          className="lg:col-span-3"
          title="Platform activity"
          description={`${formatNumber(sum.signups)} sign-ups and ${formatNumber(sum.publications)} publications in ${period}`}
          action={picker}
        >
          <ChartKey metrics={['signups', 'publications']} />
          <ActivityChart
            series={series}
            metrics={['signups', 'publications']}
            label={`Sign-ups and publications per day over ${period}`}
          />
        </Panel>
        <Panel className="lg:col-span-2" title="Top prompts" description="Most viewed published prompts">
          <TopPromptsTable prompts={data.topPromptsByViews} label="Top prompts by views" compact />
        </Panel>
      </TabsContent>

      <TabsContent value="users" className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <Panel
          className="lg:col-span-3"
          title="Sign-ups"
          description={`${formatNumber(sum.signups)} new users in ${period}`}
          action={picker}
        >
          <ActivityChart series={series} metrics={['signups']} label={`Sign-ups per day over ${period}`} />
        </Panel>
        <Panel
          className="lg:col-span-2"
          title="Users by plan"
          description={`${formatNumber(stats.users.premium)} of ${formatNumber(stats.users.total)} on a paid plan`}
        >
          <PlanChart plans={data.plans} label="Users on each plan" />
        </Panel>
      </TabsContent>

      <TabsContent value="prompts" className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <Panel
          className="lg:col-span-3"
          title="Publications"
          description={`${formatNumber(sum.publications)} prompts published in ${period}`}
          action={picker}
        >
          <ActivityChart
            series={series}
            metrics={['publications']}
            label={`Publications per day over ${period}`}
          />
        </Panel>
        <Panel
          className="lg:col-span-2"
          title="Catalogue"
          description={`${formatNumber(stats.prompts.new)} new prompts in the last 30 days`}
        >
          <dl className="grid grid-cols-2 gap-3">
            {[
              ['Total', stats.prompts.total],
              ['Published', stats.prompts.published],
              ['Pending (drafts)', stats.prompts.pending],
              ['New (30 days)', stats.prompts.new],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border bg-muted/30 p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">{formatNumber(Number(value))}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel className="lg:col-span-5" title="Top prompts by views">
          <TopPromptsTable prompts={data.topPromptsByViews} label="Top prompts by views" />
        </Panel>
      </TabsContent>

      <TabsContent value="revenue" className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <Panel
          className="lg:col-span-3"
          title="Revenue"
          description={`${formatMoney(sum.revenueMinor, stats.revenue.currency)} in ${period} (captured payments less refunds)`}
          action={picker}
        >
          <RevenueChart series={series} label={`Revenue per day over ${period}`} />
        </Panel>
        <Panel className="lg:col-span-2" title="Top creators" description="By earnings, refunds deducted">
          <TopCreatorsTable creators={data.topCreators} />
        </Panel>
        <Panel className="lg:col-span-5" title="Top prompts by revenue">
          <TopPromptsTable prompts={data.topPromptsByRevenue} label="Top prompts by revenue" />
        </Panel>
        <Panel
          className="lg:col-span-5"
          title="Recent payments"
          description="Refund a captured payment within 30 days"
        >
          <PaymentsTable />
        </Panel>
      </TabsContent>
    </Tabs>
  );
}
