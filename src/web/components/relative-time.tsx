import { useSyncExternalStore } from 'react';
import { formatDate, formatRelativeTime } from '@/lib/format';

// Read as an external store: false while React hydrates a page the server rendered, true otherwise.
const unchanging = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** Whether this render may show what depends on the visitor's clock and time zone (see RelativeTime). */
export function useLocalTime(): boolean {
  return useSyncExternalStore(unchanging, inBrowser, onServer);
}

/**
 * A moment as how long ago it was ('5 minutes ago'), with its date and time on hover and for
 * machines. A page the server rendered shows the date in UTC instead, the same text on the server
 * and in every browser (decision 019), and React draws the relative time once it has the page:
 * "just now" turning into "1 minute ago" between the server's render and the browser's would be a
 * hydration mismatch.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const local = useLocalTime();
  return local ? (
    <time dateTime={value} title={formatDate(value, 'datetime')} className={className}>
      {formatRelativeTime(value)}
    </time>
  ) : (
    <time dateTime={value} className={className}>
      {formatDate(value, 'longUtc')}
    </time>
  );
}
