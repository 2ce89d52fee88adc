import type { ReactNode } from 'react';
import { SectionHeader } from '@/components/section-header';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * A named card of a settings-style page: a landmark region titled by its header. Its id is a link
 * target, so it stops below the sticky header when scrolled to.
 */
export function SectionCard({
  id,
  title,
  description,
  icon,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  /** 'danger' for a section whose action cannot be undone. */
  tone?: 'default' | 'danger';
}) {
  const headingId = `${id}-title`;
  return (
    <Card
      id={id}
      role="region"
      aria-labelledby={headingId}
      className={cn('scroll-mt-24', tone === 'danger' && 'border-destructive/40')}
    >
      <SectionHeader headingId={headingId} title={title} description={description} icon={icon} tone={tone} />
      <div className="p-5 sm:p-6">{children}</div>
    </Card>
  );
}
