import { useSyncExternalStore } from 'react';
import { formatDate, formatRelativeTime } from '@/lib/format';

// Read as an external store: false while React hydrates a page the server rendered, true otherwise.
const unchanging = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** Whether this render may show what depends on the visitor's clock and time zone (see TimeAgo). */
export function useLocalTime(): boolean {
  return useSyncExternalStore(unchanging, inBrowser, onServer);
}

/**
 * How long ago `at` was ("5 minutes ago"), with the local date and time on hover. A page the
 * server rendered shows the date in UTC instead, the same text on the server and in every browser
 * (decision 019), and React draws the relative time once it has the page: "just now" turning
 * into "1 minute ago" between the server's render and the browser's would be a hydration mismatch.
 */
export function TimeAgo({ at, className }: { at: string; className?: string }) {
  const local = useLocalTime();
  return local ? (
    <time dateTime={at} title={formatDate(at, 'datetime')} className={className}>
      {formatRelativeTime(at)}
    </time>
  ) : (
    <time dateTime={at} className={className}>
      {formatDate(at, 'longUtc')}
    </time>
  );
}
