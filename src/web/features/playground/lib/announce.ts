/*
 * What a screen reader hears about replies. The conversation is not a live region (a streaming
 * reply would be read out word by word); instead one polite status says when a reply starts and how
 * it ended, and the reader goes to the reply to hear it.
 */

export type ReplyPhase = 'waiting' | 'streaming' | 'complete' | 'stopped' | 'error';

export const isBusy = (phase: ReplyPhase | null) => phase === 'waiting' || phase === 'streaming';

/** The status for a reply that went from `before` (null: not on screen before) to `now`, or null. */
export function replyAnnouncement(before: ReplyPhase | null, now: ReplyPhase, name: string): string | null {
  if (isBusy(now)) return isBusy(before) ? null : `${name} is replying…`;
  if (!isBusy(before)) return null;
  if (now === 'complete') return `${name} finished replying.`;
  return now === 'stopped' ? `${name} stopped replying.` : `${name}'s reply was interrupted.`;
}

/** The status of a compare: how many columns have answered, and which could not. */
export function compareAnnouncement(columns: { name: string; phase: ReplyPhase | null }[]): string {
  const asked = columns.filter((c) => c.phase !== null);
  if (asked.length === 0) return '';
  const failed = asked.filter((c) => c.phase === 'error').map((c) => c.name);
  const done = asked.filter((c) => !isBusy(c.phase)).length;
  const failure = failed.length > 0 ? ` ${failed.join(' and ')} could not reply.` : '';
  if (done < asked.length) return `Replying: ${done} of ${asked.length} models finished.${failure}`;
  return `All ${asked.length} models finished replying.${failure}`;
}
