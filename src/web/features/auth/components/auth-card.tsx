import type { ReactNode } from 'react';
import { LogoMark } from '@/components/layout/logo';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Links under the card: "Don't have an account? Sign up". */
  footer?: ReactNode;
  className?: string;
}

/** The centred card every auth screen uses, over a soft brand glow. */
export function AuthCard({ title, description, children, footer, className }: AuthCardProps) {
  return (
    <section
      className={cn(
        'relative isolate flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16',
        className,
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_55%_45%_at_50%_20%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent_70%)]"
      />
      <div className="w-full max-w-md">
        <Card className="shadow-xl shadow-black/5 dark:shadow-black/30">
          <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center sm:px-8">
            <LogoMark className="size-10" />
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          <div className="px-6 pb-8 sm:px-8">{children}</div>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </section>
  );
}
