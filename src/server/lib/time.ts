import crypto from 'node:crypto';

/** UTC timestamp as stored in the database (ISO-8601, millisecond precision, 'Z'). */
export const nowIso = (): string => new Date().toISOString();

const DAY_MS = 24 * 60 * 60 * 1000;
let day = { text: '', from: 0, to: 0 };

/** Today's UTC date (YYYY-MM-DD), as the day columns store it; worked out once a day. */
export function todayUtc(): string {
  const now = Date.now();
  if (now < day.from || now >= day.to) {
    const from = now - (now % DAY_MS);
    day = { text: new Date(from).toISOString().slice(0, 10), from, to: from + DAY_MS };
  }
  return day.text;
}

/** New opaque id for a row. */
export const newId = (): string => crypto.randomUUID();

/** Adds whole months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString();
}
