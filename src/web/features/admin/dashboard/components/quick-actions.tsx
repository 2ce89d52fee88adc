import { BarChart3Icon, ClipboardCheckIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { ADMIN_PATHS } from '../../lib/admin-search';

/** Quick Actions (spec section 2): drafts to review, the users, the Revenue tab. */
export function QuickActions({ pending, onRevenue }: { pending: number; onRevenue: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className="justify-start">
          <Link to={`${ADMIN_PATHS.marketplace}?status=draft`}>
            <ClipboardCheckIcon aria-hidden />
            Review Pending Prompts
            {pending > 0 ? (
              <span className="ml-auto rounded-full bg-warning/20 px-2 text-xs font-semibold text-warning tabular-nums">
                {formatNumber(pending)}
              </span>
            ) : null}
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={ADMIN_PATHS.users}>
            <UsersIcon aria-hidden />
            Manage Users
          </Link>
        </Button>
        <Button variant="outline" className="justify-start" onClick={onRevenue}>
          <BarChart3Icon aria-hidden />
          View Revenue Reports
        </Button>
      </CardContent>
    </Card>
  );
}
