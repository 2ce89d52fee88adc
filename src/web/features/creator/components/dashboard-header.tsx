import { CrownIcon, GaugeIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { sessionsUsedLabel } from '../lib/usage';

/** Spec section 2: welcome, plan badge and the 'sessions used' badge. */
export function DashboardHeader({
  name,
  plan,
  sessions,
}: {
  name: string;
  plan: string;
  sessions: { current: number; limit: number; unlimited?: boolean };
}) {
  const paid = plan.toLowerCase() !== 'free';
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-primary">Creator studio</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight break-words sm:text-4xl">
          Welcome back, {name}
        </h1>
        <p className="mt-2 text-muted-foreground">
          Publish prompts, keep them up to date and see how they do.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={paid ? 'default' : 'secondary'} className="px-3 py-1 text-sm">
          {paid ? <CrownIcon aria-hidden /> : null}
          {plan} Plan
        </Badge>
        <Badge variant="outline" className="px-3 py-1 text-sm tabular-nums">
          <GaugeIcon aria-hidden />
          {sessionsUsedLabel(sessions.current, sessions.limit, sessions.unlimited)}
        </Badge>
      </div>
    </header>
  );
}
