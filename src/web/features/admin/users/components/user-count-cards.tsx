import { CrownIcon, UserCheckIcon, UsersIcon, WalletIcon } from 'lucide-react';
import type { AdminUserCounts } from '@shared/admin-users';
import { formatMoney, formatNumber } from '@/lib/format';
import { StatCard, StatCardSkeleton } from '@/components/stat-card';

/** The spec's count cards: Total Users, Active Users, Premium Users, Total Revenue (2 decimals). */
export function UserCountCards({ counts }: { counts: AdminUserCounts | undefined }) {
  if (!counts) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <StatCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const share = (n: number) =>
    counts.totalUsers > 0
      ? `${Math.round((n / counts.totalUsers) * 1000) / 10}% of all users`
      : 'No users yet';
  return (
    <section aria-label="User counts" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        testId="count-total"
        label="Total Users"
        value={formatNumber(counts.totalUsers)}
        icon={<UsersIcon aria-hidden />}
        footer="Every account"
      />
      <StatCard
        testId="count-active"
        label="Active Users"
        value={formatNumber(counts.activeUsers)}
        icon={<UserCheckIcon aria-hidden />}
        footer={share(counts.activeUsers)}
      />
      <StatCard
        testId="count-premium"
        label="Premium Users"
        value={formatNumber(counts.premiumUsers)}
        icon={<CrownIcon aria-hidden />}
        footer={share(counts.premiumUsers)}
      />
      <StatCard
        testId="count-revenue"
        label="Total Revenue"
        value={formatMoney(counts.totalRevenueMinor, counts.currency)}
        icon={<WalletIcon aria-hidden />}
        footer="Paid by users, less refunds"
      />
    </section>
  );
}
