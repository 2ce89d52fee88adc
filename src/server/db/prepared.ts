/**
 * Statement texts PostgreSQL keeps prepared on each connection (decision 024). An unnamed statement
 * is parsed and planned by the server on every call; for the hottest reads (every signed-in request,
 * every chat turn) that costs more than running them. A text marked here runs as a named statement:
 * each connection parses it once, and later calls only bind and execute. SQLite keeps every text
 * prepared by itself (database.ts), so marking costs it nothing.
 *
 * Only fixed texts belong here: each connection keeps every one it has run until it closes.
 */
const names = new Map<string, string>();

/** Marks a statement text to be kept prepared on PostgreSQL's connections. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `pf_${names.size + 1}`);
}

/** The name a text is prepared under, or undefined when it is not marked. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}
