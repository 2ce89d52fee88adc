import {
  CircleDollarSignIcon,
  EyeIcon,
  FlaskConicalIcon,
  HeartIcon,
  RocketIcon,
  SendIcon,
  StoreIcon,
  UploadIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@shared/creator';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatNumber } from '@/lib/format';
import { formatDollars } from '../lib/figures';
import { GrowthBadge, StatCard, StatCardSkeleton } from '@/components/stat-card';
import { StudioEmpty, StudioLoadError } from './studio-states';
import { RelativeTime } from '@/components/relative-time';

interface OverviewTabProps {
  dashboard: Dashboard | undefined;
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  onRetry: () => void;
  onUpload: () => void;
}

/** Spec section 2, Overview: four figures and the prompts this user tried in the playground. */
export function OverviewTab({
  dashboard,
  isPending,
  isError,
  isRefetching,
  onRetry,
  onUpload,
}: OverviewTabProps) {
  if (isError && !dashboard) return <StudioLoadError onRetry={onRetry} retrying={isRefetching} />;
  if (isPending || !dashboard) return <OverviewSkeleton />;

  const { overview, recentActivity } = dashboard;
  const isNewCreator = overview.publishedPrompts === 0 && overview.totalViews === 0;

  return (
    // minmax(0, 1fr): a long prompt title truncates instead of widening the column past the screen.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-label="Overview figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Total Views"
          icon={<EyeIcon aria-hidden />}
          value={formatNumber(overview.totalViews)}
          footer={
            <span className="flex flex-wrap items-center gap-1.5">
              <GrowthBadge percent={overview.viewsGrowth} subject="views" />
              <span>last 30 days vs. prior 30</span>
            </span>
          }
        />
        <StatCard
          label="Total Likes"
          icon={<HeartIcon aria-hidden />}
          value={formatNumber(overview.totalLikes)}
          footer="Across all your prompts"
        />
        <StatCard
          label="Revenue"
          icon={<CircleDollarSignIcon aria-hidden />}
          value={formatDollars(overview.revenue)}
          footer="Your share of sales"
        />
        <StatCard
          label="Published"
          icon={<SendIcon aria-hidden />}
          value={formatNumber(overview.publishedPrompts)}
          footer={
            overview.publishedPrompts === 1
              ? 'Prompt live in the marketplace'
              : 'Prompts live in the marketplace'
          }
        />
      </section>

      {isNewCreator ? (
        <StudioEmpty
          icon={<RocketIcon aria-hidden />}
          title="Start your creator journey"
          actions={
            <>
              <Button onClick={onUpload}>
                <UploadIcon aria-hidden />
                Upload your first prompt
              </Button>
              <Button variant="outline" asChild>
                <Link to={PAGE_PATHS.marketplace}>
                  <StoreIcon aria-hidden />
                  Explore the marketplace
                </Link>
              </Button>
            </>
          }
        >
          Publish a prompt and its views, likes and sales show up here. Looking for ideas first? See what
          other creators share in the marketplace.
        </StudioEmpty>
      ) : null}

      <RecentActivity items={recentActivity} />
    </div>
  );
}

function RecentActivity({ items }: { items: Dashboard['recentActivity'] }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base" id="recent-activity-title">
          Recent Activity
        </CardTitle>
        <CardDescription>Prompts you&apos;ve tried in the playground</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-5 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2">
              <FlaskConicalIcon className="size-4 shrink-0" aria-hidden />
              Nothing tried yet. Open a prompt in the marketplace and try it in the playground.
            </p>
            <Button variant="outline" size="sm" asChild>
              <Link to={PAGE_PATHS.marketplace}>Browse prompts</Link>
            </Button>
          </div>
        ) : (
          <ul aria-labelledby="recent-activity-title" className="-mx-2 divide-y">
            {items.map((item) => (
              <li key={`${item.id}-${item.usedAt}`} className="flex items-center gap-3 px-2 py-3">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
                  <FlaskConicalIcon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/marketplace/${encodeURIComponent(item.id)}`}
                    className="block truncate text-sm font-medium underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                  >
                    {item.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Used <RelativeTime value={item.usedAt} />
                  </p>
                </div>
                <dl className="flex shrink-0 items-center gap-3 text-xs text-muted-foreground tabular-nums">
                  <div className="flex items-center gap-1" title={`${formatNumber(item.views)} views`}>
                    <dt>
                      <EyeIcon className="size-3.5" aria-label="Views" />
                    </dt>
                    <dd>{formatCount(item.views)}</dd>
                  </div>
                  <div className="flex items-center gap-1" title={`${formatNumber(item.likes)} likes`}>
                    <dt>
                      <HeartIcon className="size-3.5" aria-label="Likes" />
                    </dt>
                    <dd>{formatCount(item.likes)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function OverviewSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy="true" aria-label="Loading your overview">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <StatCardSkeleton key={i} />
        ))}
      </div>
      <Card className="p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-2 h-4 w-64" />
        <div className="mt-6 grid gap-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      </Card>
    </div>
  );
}
