/** What the compare view says about the allowance and free tries; pure, so it is unit tested. */

/**
 * A warning before a new compare when the allowance cannot cover every column, or would be nearly
 * used up by it; null when there is nothing to say (unlimited, or plenty left).
 */
export function compareAllowanceNote(remaining: number | null, columns: number): string | null {
  if (remaining === null || columns === 0) return null;
  const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;
  if (remaining < columns) {
    return remaining === 0
      ? 'You have no sessions left this month: this compare will be refused.'
      : `Each model column counts as one session. You have ${sessions(remaining)} left this month, so only the first ${remaining === 1 ? 'column' : `${remaining} columns`} will answer.`;
  }
  if (remaining - columns <= 2) {
    return `Each model column counts as one session: this compare uses ${columns} of the ${sessions(remaining)} you have left this month.`;
  }
  return null;
}

/**
 * A warning before comparing a premium prompt's try when its free tries cannot cover every column
 * (each column is a try of its own); null when they can, or when the try is not counted.
 */
export function compareTriesNote(triesLeft: number | null, columns: number): string | null {
  if (triesLeft === null || columns === 0 || triesLeft >= columns) return null;
  if (triesLeft === 0) return null;
  return `Each model column uses one free try. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left, so only the first ${triesLeft === 1 ? 'column' : `${triesLeft} columns`} will answer.`;
}
