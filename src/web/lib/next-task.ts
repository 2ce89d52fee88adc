/** Resolves in a task of its own: the browser handles input and paints in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
