/*
 * How a prompt's stored fields read in every answer that shows them (the marketplace's cards and
 * pages, the creator studio, the admin panel): one reading, so the three never differ.
 */

/** The tags stored as a JSON array: its strings, or none when the text is not one. */
export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** An average rating as shown: one decimal. */
export const roundRating = (avg: number) => Math.round(avg * 10) / 10;
