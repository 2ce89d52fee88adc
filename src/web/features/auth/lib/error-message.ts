/** The words to show for a failed auth call: the server's (or the network's) message, else the spec's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
