import { ArchiveIcon, CircleCheckIcon, ClockIcon, CrownIcon, FileTextIcon, StarIcon } from 'lucide-react';
import type { AdminPromptStats } from '@shared/admin-prompts';
import { formatNumber } from '@/lib/format';
import { StatCard, StatCardSkeleton } from '@/components/stat-card';

/** The marketplace stat cards, over the whole catalogue whatever the filters. */
export function PromptStats({ stats }: { stats: AdminPromptStats | undefined }) {
  if (!stats) {
    return (
      <div
        className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6"
        role="status"
        aria-label="Loading"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <StatCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const cards = [
    { label: 'Total Prompts', value: stats.total, icon: <FileTextIcon />, hint: 'Every status' },
    {
      label: 'Published',
      value: stats.published,
      icon: <CircleCheckIcon />,
      hint: 'Live in the marketplace',
    },
    { label: 'Pending', value: stats.pending, icon: <ClockIcon />, hint: 'Drafts awaiting review' },
    {
      label: 'Archived / Rejected',
      value: stats.archived + stats.rejected,
      icon: <ArchiveIcon />,
      hint: `${formatNumber(stats.archived)} archived · ${formatNumber(stats.rejected)} rejected`,
    },
    { label: 'Featured', value: stats.featured, icon: <StarIcon />, hint: 'Highlighted to buyers' },
    { label: 'Premium', value: stats.premium, icon: <CrownIcon />, hint: 'Paid prompts' },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
      {cards.map((c) => (
        <StatCard key={c.label} label={c.label} value={formatNumber(c.value)} icon={c.icon} footer={c.hint} />
      ))}
    </div>
  );
}
