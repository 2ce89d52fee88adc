import {
  ArrowLeftRightIcon,
  BarChart3Icon,
  FileTextIcon,
  LayoutDashboardIcon,
  UploadIcon,
  WalletIcon,
} from 'lucide-react';
import { Suspense, lazy, useCallback } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useDashboard } from '../api/get-dashboard';
import { DashboardHeader } from '../components/dashboard-header';
import { EarningsTab } from '../components/earnings-tab';
import { MyPromptsTab } from '../components/my-prompts-tab';
import { OverviewTab } from '../components/overview-tab';
import { TransferTab } from '../components/transfer-tab';
import { UploadTab } from '../components/upload-tab';
import { STUDIO_TABS, type StudioTab, useStudioParams } from '../hooks/use-studio-params';

// The charts library is most of the studio's weight: it loads when Analytics is first opened.
const AnalyticsTab = lazy(async () => ({
  default: (await import('../components/analytics-tab')).AnalyticsTab,
}));

const TABS: Record<StudioTab, { label: string; short: string; Icon: typeof LayoutDashboardIcon }> = {
  overview: { label: 'Overview', short: 'Overview', Icon: LayoutDashboardIcon },
  upload: { label: 'Upload Prompt', short: 'Upload', Icon: UploadIcon },
  prompts: { label: 'My Prompts', short: 'Prompts', Icon: FileTextIcon },
  analytics: { label: 'Analytics', short: 'Analytics', Icon: BarChart3Icon },
  earnings: { label: 'Earnings', short: 'Earnings', Icon: WalletIcon },
  transfer: { label: 'Import & Export', short: 'Import', Icon: ArrowLeftRightIcon },
};

/**
 * /dashboard, the creator studio (spec section 2): the header, then Overview, Upload Prompt, My
 * Prompts, Analytics, Earnings (balances and payouts, issue 57) and Import & Export (decision 058). The chosen tab, the list's filter and page and the analytics period live in
 * the URL, so a reload keeps the view.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  const [params, update] = useStudioParams();
  const showUpload = useCallback(() => update({ tab: 'upload' }), [update]);

  // The guard renders this page for signed-in users only.
  if (!user) return null;
  const data = dashboard.data;
  // The header uses the signed-in user's figures until the dashboard call brings this visit's.
  const plan = data?.plan ?? user.subscription.plan;
  const sessions = data?.sessions ?? user.usage.playgroundSessions;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <DashboardHeader name={user.name} plan={plan} sessions={sessions} />
      <Tabs value={params.tab} onValueChange={(tab) => update({ tab: tab as StudioTab })} className="mt-8">
        <TabsList className="grid h-auto w-full grid-cols-5 sm:inline-flex sm:h-10 sm:w-auto">
          {STUDIO_TABS.map((tab) => {
            const { label, short, Icon } = TABS[tab];
            return (
              <TabsTrigger
                key={tab}
                value={tab}
                aria-label={label}
                className="h-auto flex-col gap-1 px-1 py-1.5 text-xs sm:h-full sm:flex-row sm:gap-1.5 sm:px-3 sm:py-0 sm:text-sm"
              >
                <Icon aria-hidden />
                <span className="sm:hidden">{short}</span>
                <span className="hidden sm:inline">{label}</span>
              </TabsTrigger>
            );
          })}
        </TabsList>

        <TabsContent value="overview" className="mt-6">
          <OverviewTab
            dashboard={data}
            isPending={dashboard.isPending}
            isError={dashboard.isError}
            isRefetching={dashboard.isFetching}
            onRetry={() => void dashboard.refetch()}
            onUpload={showUpload}
          />
        </TabsContent>
        {/* Kept mounted while hidden so a half-written prompt survives a look at another tab. */}
        <TabsContent value="upload" className="mt-6 data-[state=inactive]:hidden" forceMount>
          <UploadTab onShowPrompts={(saveAs) => update({ tab: 'prompts', status: saveAs, page: 1 })} />
        </TabsContent>
        <TabsContent value="prompts" className="mt-6">
          <MyPromptsTab status={params.status} page={params.page} onChange={update} onUpload={showUpload} />
        </TabsContent>
        <TabsContent value="analytics" className="mt-6">
          <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
            <AnalyticsTab
              period={params.period}
              onPeriodChange={(period) => update({ period })}
              onUpload={showUpload}
            />
          </Suspense>
        </TabsContent>
        <TabsContent value="earnings" className="mt-6">
          <EarningsTab />
        </TabsContent>
        <TabsContent value="transfer" className="mt-6">
          <TransferTab onShowDrafts={() => update({ tab: 'prompts', status: 'draft', page: 1 })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
