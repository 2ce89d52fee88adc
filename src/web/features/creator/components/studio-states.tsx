import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Spec section 8: the creator dashboard's load failure, with a way to try again without a reload. */
export const DASHBOARD_LOAD_ERROR = 'Failed to load dashboard data. Please try refreshing the page.';

export function StudioLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center"
    >
      <div className="grid size-11 place-items-center rounded-full bg-destructive/15 text-destructive">
        <AlertCircleIcon className="size-5" aria-hidden />
      </div>
      <p className="mt-4 max-w-sm text-sm font-medium">{DASHBOARD_LOAD_ERROR}</p>
      <Button className="mt-5" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Refresh
      </Button>
    </div>
  );
}

/** A friendly empty panel: what is missing and what to do about it. */
export function StudioEmpty({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
        {icon}
      </div>
      <h3 className="mt-4 text-base font-semibold">{title}</h3>
      <div className="mt-1 max-w-md text-sm text-muted-foreground">{children}</div>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
