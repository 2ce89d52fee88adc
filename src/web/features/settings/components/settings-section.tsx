import type { ReactNode } from 'react';
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
      <div className="flex items-start gap-4 border-b p-5 sm:p-6">
        <div
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
            tone === 'danger' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
          )}
          aria-hidden
        >
          {icon}
        </div>
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="p-5 sm:p-6">{children}</div>
    </Card>
  );
}
