import { useState } from 'react';

/**
 * The last value that was not null. A dialog closes by its target becoming null, but it animates out
 * for a moment after that: showing the last target keeps the closing dialog from going blank.
 */
export function useLastPresent<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Adjusting state while rendering (react.dev, "storing information from previous renders").
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
