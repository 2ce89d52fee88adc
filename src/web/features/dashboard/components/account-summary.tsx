import { FileTextIcon, GaugeIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '@shared/auth';
import { PAGE_PATHS } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { isUnlimited, usagePercent } from '../lib/usage';

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border bg-background/60 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="mt-2">{children}</dd>
    </div>
  );
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Prompts created, plan and its status, and this month's playground allowance. */
export function AccountSummary({ user }: { user: User }) {
  const { current, limit } = user.usage.playgroundSessions;
  const unlimited = isUnlimited(limit);
  const percent = usagePercent(current, limit);
  const active = user.subscription.status === 'active';
  const isFree = user.subscription.plan.toLowerCase() === 'free';

  return (
    <Card className="lg:col-span-2">
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Account summary</CardTitle>
        <CardDescription>Your plan and what you have made with it so far.</CardDescription>
      </CardHeader>
      <dl className="grid gap-3 px-6 sm:grid-cols-3">
        <Stat icon={<FileTextIcon aria-hidden />} label="Prompts created">
          <span className="text-3xl font-semibold tracking-tight tabular-nums">
            {formatNumber(user.usage.promptsCreated)}
          </span>
        </Stat>
        <Stat icon={<SparklesIcon aria-hidden />} label="Plan">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-semibold tracking-tight">{user.subscription.plan}</span>
            <Badge variant={active ? 'success' : 'warning'}>{capitalize(user.subscription.status)}</Badge>
          </span>
        </Stat>
        <Stat icon={<GaugeIcon aria-hidden />} label="Playground this month">
          <span className="text-xl font-semibold tracking-tight tabular-nums">
            {formatNumber(current)}
            <span className="text-base font-normal text-muted-foreground">
              {' '}
              / {unlimited ? 'Unlimited' : formatNumber(limit)}
            </span>
          </span>
          {unlimited ? null : (
            <div
              role="progressbar"
              aria-label="Playground sessions used"
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={Math.min(current, limit)}
              className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={percent >= 100 ? 'h-full bg-destructive' : 'h-full bg-primary'}
                style={{ width: `${percent}%` }}
              />
            </div>
          )}
        </Stat>
      </dl>
      <div className="flex flex-col gap-3 px-6 pt-5 pb-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          {unlimited
            ? 'Your plan includes unlimited playground sessions.'
            : `Your allowance of ${formatNumber(limit)} sessions resets on the first of each month.`}
        </p>
        {isFree ? (
          <Link
            to={PAGE_PATHS.pricing}
            className="shrink-0 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Upgrade for unlimited sessions
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
