import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type NativeSelectProps = ComponentProps<'select'> & {
  /** Classes of the box around the select (its width in a layout). */
  containerClassName?: string;
};

/**
 * The browser's own `<select>`, drawn like the other fields: no script of its own to load and run
 * (Radix Select and its positioning are about 35 KB gzipped), the platform's picker (a sheet on a
 * phone), and its keyboard (arrows and typing on the closed select change the choice). For a short
 * list of plain text choices on a public page; `select.tsx` where the items need more.
 */
export function NativeSelect({ className, containerClassName, children, ...props }: NativeSelectProps) {
  return (
    <div className={cn('relative', containerClassName)}>
      <select
        className={cn(
          'h-10 w-full cursor-pointer appearance-none rounded-md border border-input bg-background pr-9 pl-3 text-sm shadow-xs transition-colors',
          'hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden
      />
    </div>
  );
}
