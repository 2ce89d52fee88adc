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

export const STATUS_LABEL = (status: PromptStatus) => STYLE[status].label;

export function AdminPromptStatusBadge({ status }: { status: PromptStatus }) {
  const { variant, Icon, label } = STYLE[status];
  return (
    <Badge variant={variant} data-status={status}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
