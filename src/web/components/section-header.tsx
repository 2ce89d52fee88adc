import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The head of a settings card: its icon, heading (`headingId` names the card) and what the section changes. */
export function SectionHeader({
  headingId,
  title,
  description,
  icon,
  tone = 'default',
}: {
  headingId: string;
  title: string;
  description: ReactNode;
  icon: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
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
  );
}
