/**
 * Throws when something already answers at `url`: a server left on the port would pass the bench's
 * readiness check for a child that failed to bind, and the run would measure the wrong server (or
 * another build).
 */
export async function assertNothingAnswers(url: string, hint: string): Promise<void> {
  const taken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${url} already answers: ${hint}`);
}
