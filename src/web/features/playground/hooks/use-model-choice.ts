import { useCallback, useState } from 'react';
import { DEFAULT_MODEL, type ModelRef } from '../lib/models';

const STORAGE_KEY = 'promptforge-playground-model';

function readStored(): ModelRef {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    // A choice or a configured model's key; one the server no longer offers is replaced on load.
    return stored && stored.length <= 200 ? stored : DEFAULT_MODEL;
  } catch {
    // Storage can be blocked (private modes): the default model is a fine start.
    return DEFAULT_MODEL;
  }
}

/** The model new messages go to, remembered for the next visit. */
export function useModelChoice() {
  const [model, setModelState] = useState<ModelRef>(readStored);
  const setModel = useCallback((next: ModelRef) => {
    setModelState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered this time; the choice still applies now.
    }
  }, []);
  return [model, setModel] as const;
}
