import { useCallback, useState } from 'react';
import type { Model } from '@shared/constants';
import { DEFAULT_MODEL, isModel } from '../lib/models';

const STORAGE_KEY = 'promptforge-playground-model';

function readStored(): Model {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isModel(stored) ? stored : DEFAULT_MODEL;
  } catch {
    // Storage can be blocked (private modes): the default model is a fine start.
    return DEFAULT_MODEL;
  }
}

/** The model new messages go to, remembered for the next visit. */
export function useModelChoice() {
  const [model, setModelState] = useState<Model>(readStored);
  const setModel = useCallback((next: Model) => {
    setModelState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered this time; the choice still applies now.
    }
  }, []);
  return [model, setModel] as const;
}
