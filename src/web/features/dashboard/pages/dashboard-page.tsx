import { CrownIcon, GaugeIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { AccountSummary } from '../components/account-summary';
import { QuickLinks } from '../components/quick-links';
import { sessionsUsedLabel } from '../lib/usage';

/** /dashboard: the creator's home. The header follows spec section 2 (welcome, plan, sessions used). */
export function DashboardPage() {
  const { user, refreshUser } = useAuth();

  // Usage moves as the account is used elsewhere: show this visit's figures, not the sign-in's.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  // The guard renders this page for signed-in users only.
  if (!user) return null;
  const { current, limit } = user.usage.playgroundSessions;
  const paid = user.subscription.plan.toLowerCase() !== 'free';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-primary">Dashboard</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight break-words sm:text-4xl">
            Welcome back, {user.name}
          </h1>
          <p className="mt-2 text-muted-foreground">Here is where your Promptforge account stands today.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={paid ? 'default' : 'secondary'} className="px-3 py-1 text-sm">
            {paid ? <CrownIcon aria-hidden /> : null}
            {user.subscription.plan} Plan
          </Badge>
          <Badge variant="outline" className="px-3 py-1 text-sm tabular-nums">
            <GaugeIcon aria-hidden />
            {sessionsUsedLabel(current, limit)}
          </Badge>
        </div>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <AccountSummary user={user} />
        <QuickLinks />
      </div>
    </div>
  );
}
