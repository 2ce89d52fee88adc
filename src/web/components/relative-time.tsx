import { formatDate, formatRelativeTime } from '@/lib/format';

/** A moment as how long ago it was ('5 minutes ago'), with its date and time on hover and for machines. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} title={formatDate(value, 'datetime')} className={className}>
      {formatRelativeTime(value)}
    </time>
  );
}
