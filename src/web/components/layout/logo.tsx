import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/cn';

/** The Promptforge mark (same drawing as public/favicon.svg). Decorative: pair it with the wordmark or a label. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  // Unique gradient id: the mark appears in the header and the footer at once.
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      className={cn('size-7 shrink-0', className)}
      {...props}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M10 22V10h7a4 4 0 0 1 0 8h-4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus wordmark. */
export function Logo({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)} {...props}>
      <LogoMark />
      <span className="text-[1.05rem] font-semibold tracking-tight text-foreground">Promptforge</span>
    </span>
  );
}
