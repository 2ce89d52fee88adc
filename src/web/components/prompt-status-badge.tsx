import { ArchiveIcon, CircleCheckIcon, CircleSlashIcon, PencilLineIcon } from 'lucide-react';
import type { PromptStatus } from '@shared/constants';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const STYLE: Record<
  PromptStatus,
  { variant: BadgeProps['variant']; Icon: typeof CircleCheckIcon; label: string }
> = {
  published: { variant: 'success', Icon: CircleCheckIcon, label: 'Published' },
  draft: { variant: 'secondary', Icon: PencilLineIcon, label: 'Draft' },
  archived: { variant: 'warning', Icon: ArchiveIcon, label: 'Archived' },
  rejected: { variant: 'destructive', Icon: CircleSlashIcon, label: 'Rejected' },
};

/** A prompt status as the studio and the admin panel name it. */
export const promptStatusLabel = (status: PromptStatus) => STYLE[status].label;

/** Published, Draft (the spec's creator labels), Archived or Rejected; `label` words it another way. */
export function PromptStatusBadge({ status, label }: { status: PromptStatus; label?: string }) {
  const { variant, Icon, label: fallback } = STYLE[status];
  return (
    <Badge variant={variant} data-status={status}>
      <Icon aria-hidden />
      {label ?? fallback}
    </Badge>
  );
}
