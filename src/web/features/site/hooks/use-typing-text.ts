import { useEffect, useState } from 'react';
import { TIMINGS } from '@shared/constants';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

interface TypingOptions {
  /** One character per step while typing (spec section 9: 100 ms). */
  stepMs?: number;
  /** How long a finished phrase stays before it is erased. */
  holdMs?: number;
  /** Erasing is quicker than typing so the next phrase starts sooner. */
  eraseMs?: number;
}

type Phase = 'typing' | 'erasing';

/**
 * Types each phrase one character at a time, holds it, erases it and moves to the next, forever.
 * A single phrase is typed once and stays. With reduced motion the first phrase shows whole.
 */
export function useTypingText(
  phrases: readonly string[],
  { stepMs = TIMINGS.typingStepMs, holdMs = 2200, eraseMs = 35 }: TypingOptions = {},
): { text: string; done: boolean } {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<{ index: number; length: number; phase: Phase }>({
    index: 0,
    length: 0,
    phase: 'typing',
  });

  const phrase = phrases[state.index % phrases.length] ?? '';
  const cycles = phrases.length > 1;

  useEffect(() => {
    if (reducedMotion) return;
    const { index, length, phase } = state;
    let delay: number;
    let next: typeof state;
    if (phase === 'typing') {
      if (length >= phrase.length) {
        if (!cycles) return;
        delay = holdMs;
        next = { index, length, phase: 'erasing' };
      } else {
        delay = stepMs;
        next = { index, length: length + 1, phase };
      }
    } else if (length > 0) {
      delay = eraseMs;
      next = { index, length: length - 1, phase: 'erasing' };
    } else {
      delay = stepMs * 3;
      next = { index: (index + 1) % phrases.length, length: 0, phase: 'typing' };
    }
    const timer = window.setTimeout(() => setState(next), delay);
    return () => window.clearTimeout(timer);
  }, [state, phrase, cycles, phrases.length, reducedMotion, stepMs, holdMs, eraseMs]);

  if (reducedMotion) return { text: phrases[0] ?? '', done: true };
  return {
    text: phrase.slice(0, state.length),
    done: state.phase === 'typing' && state.length >= phrase.length,
  };
}
