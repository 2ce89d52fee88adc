import type { ReactNode } from 'react';
import { SectionHeader } from '@/components/section-header';
import { Card } from '@/components/ui/card';

/** A named card of a settings-style page: a landmark region titled by its header. */
export function SectionCard({
  id,
  title,
  description,
  icon,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} role="region" aria-labelledby={`${id}-title`}>
      <SectionHeader headingId={`${id}-title`} title={title} description={description} icon={icon} />
      <div className="p-5 sm:p-6">{children}</div>
    </Card>
  );
}
