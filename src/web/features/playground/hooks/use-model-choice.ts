import { useCallback, useState } from 'react';
import { DEFAULT_MODEL, type ModelRef } from '../lib/models';

const STORAGE_KEY = 'promptforge-playground-model';

function readStored(): { model: ModelRef; chosen: boolean } {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    // A choice or a configured model's key; one the server no longer offers is replaced on load.
    return stored && stored.length <= 200
      ? { model: stored, chosen: true }
      : { model: DEFAULT_MODEL, chosen: false };
  } catch {
    // Storage can be blocked (private modes): the default model is a fine start.
    return { model: DEFAULT_MODEL, chosen: false };
  }
}

/**
 * The model new messages go to, remembered for the next visit. `suggest` offers a model (the
 * admin's default preset's) that applies only until the user has chosen one themselves.
 */
export function useModelChoice() {
  const [state, setState] = useState(readStored);
  const setModel = useCallback((next: ModelRef) => {
    setState({ model: next, chosen: true });
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered this time; the choice still applies now.
    }
  }, []);
  const suggest = useCallback(
    (next: ModelRef) => setState((now) => (now.chosen ? now : { model: next, chosen: false })),
    [],
  );
  return [state.model, setModel, suggest] as const;
}
