import type { ReactNode } from 'react';
import { SectionHeader } from '@/components/section-header';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface SettingsSectionProps {
  id: string;
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}

/** One settings card: an icon, a heading and what the section changes. */
export function SettingsSection({
  id,
  title,
  description,
  icon,
  children,
  tone = 'default',
}: SettingsSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Card
      id={id}
      aria-labelledby={headingId}
      role="region"
      className={cn('scroll-mt-24', tone === 'danger' && 'border-destructive/40')}
    >
      <SectionHeader headingId={headingId} title={title} description={description} icon={icon} tone={tone} />
      <div className="p-5 sm:p-6">{children}</div>
    </Card>
  );
}
