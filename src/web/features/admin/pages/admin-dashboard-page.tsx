import {
  DownloadIcon,
  EyeIcon,
  FileTextIcon,
  PercentIcon,
  RotateCwIcon,
  ShieldCheckIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import { useAdminSession } from '../api/get-admin-session';
import { useAdminDashboard } from '../dashboard/api/get-admin-dashboard';
import { DashboardError } from '../dashboard/components/dashboard-error';
import { DashboardTabs } from '../dashboard/components/dashboard-tabs';
import { CostReportCard } from '../models/components/cost-report-card';
import { QuickActions } from '../dashboard/components/quick-actions';
import { RecentActivity } from '../dashboard/components/recent-activity';
import { GrowthBadge, StatCard, StatCardSkeleton } from '../dashboard/components/stat-card';
import { type ChartRange, type DashboardTab, percentText, tabFromSearch } from '../dashboard/lib/figures';

/** /admin/dashboard: the platform's figures from the database, its charts, recent activity and shortcuts. */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  // Who the server says is signed in to the panel (the admin-panel token, re-read on the server).
  const session = useAdminSession();
  const { user: signedIn } = useAuth();
  const admin = session.data ?? signedIn;
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params.get('tab'));
  const [range, setRange] = useState<ChartRange>(30);

  const setTab = (next: DashboardTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'overview') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  const openRevenue = () => {
    setTab('revenue');
    document.getElementById('dashboard-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const header = (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Promptforge at a glance: people, prompts and revenue.</p>
        {admin ? (
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <ShieldCheckIcon className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="truncate">
              Signed in as {admin.name} · {admin.email}
            </span>
          </p>
        ) : null}
      </div>
      {dashboard.data ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void dashboard.refetch()}
          disabled={dashboard.isFetching}
        >
          <RotateCwIcon className={dashboard.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      ) : null}
    </header>
  );

  if (dashboard.isError && !dashboard.data) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <DashboardError
          message={dashboard.error.message}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      </div>
    );
  }

  const data = dashboard.data;
  const stats = data?.stats;

  return (
    <div className="grid grid-cols-1 gap-6">
      {header}

      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats ? (
          <>
            <StatCard
              testId="stat-users"
              label="Total Users"
              value={formatNumber(stats.users.total)}
              icon={<UsersIcon aria-hidden />}
              footer={
                <span className="flex flex-wrap items-center gap-1.5">
                  <GrowthBadge percent={stats.users.growth} subject="sign-ups" />
                  {formatNumber(stats.users.new)} new in 30 days
                </span>
              }
            />
            <StatCard
              testId="stat-prompts"
              label="Total Prompts"
              value={formatNumber(stats.prompts.total)}
              icon={<FileTextIcon aria-hidden />}
              footer={`${formatNumber(stats.prompts.published)} published · ${formatNumber(stats.prompts.pending)} pending`}
            />
            <StatCard
              testId="stat-revenue"
              label="Total Revenue"
              value={formatMoney(stats.revenue.totalMinor, stats.revenue.currency)}
              icon={<WalletIcon aria-hidden />}
              footer={
                <span className="flex flex-wrap items-center gap-1.5">
                  <GrowthBadge percent={stats.revenue.growth} subject="revenue" />
                  {formatMoney(stats.revenue.currentMinor, stats.revenue.currency)} in 30 days
                </span>
              }
            />
            <StatCard
              testId="stat-conversion"
              label="Conversion Rate"
              value={percentText(stats.conversionRate)}
              icon={<PercentIcon aria-hidden />}
              footer={`${formatNumber(stats.users.premium)} premium of ${formatNumber(stats.users.total)} users`}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)
        )}
      </section>

      {data ? (
        <DashboardTabs data={data} tab={tab} onTab={setTab} range={range} onRange={setRange} />
      ) : (
        <Card className="p-6" aria-label="Loading charts">
          <Skeleton className="h-9 w-80 max-w-full" />
          <Skeleton className="mt-6 h-64 w-full" />
        </Card>
      )}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentActivity />
        </div>
        <div className="grid content-start gap-4">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-1">
            {stats ? (
              <>
                <StatCard
                  testId="stat-views"
                  label="Total Views"
                  value={formatNumber(stats.analytics.totalViews)}
                  icon={<EyeIcon aria-hidden />}
                />
                <StatCard
                  testId="stat-downloads"
                  label="Total Downloads"
                  value={formatNumber(stats.analytics.totalDownloads)}
                  icon={<DownloadIcon aria-hidden />}
                />
              </>
            ) : (
              <>
                <StatCardSkeleton />
                <StatCardSkeleton />
              </>
            )}
          </div>
          <QuickActions pending={stats?.prompts.pending ?? 0} onRevenue={openRevenue} />
        </div>
      </div>

      <CostReportCard />
    </div>
  );
}
