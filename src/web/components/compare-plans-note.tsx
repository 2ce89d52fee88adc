import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';

/** What a plan-gated feature says to someone whose plan lacks it (API keys, teams): why, and the way to the plans. */
export function ComparePlansNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="grid gap-4 text-sm" data-testid={testId}>
      <p className="text-muted-foreground">{children}</p>
      <div>
        <Button asChild>
          <Link to={PAGE_PATHS.pricing}>Compare plans</Link>
        </Button>
      </div>
    </div>
  );
}
