import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PROMPT_STATUSES, type PromptStatus } from '@shared/constants';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@shared/creator';

export const STUDIO_TABS = ['overview', 'upload', 'prompts', 'analytics', 'earnings', 'transfer'] as const;
export type StudioTab = (typeof STUDIO_TABS)[number];

export interface StudioParams {
  tab: StudioTab;
  /** My Prompts: the status filter (null: every status) and the page. */
  status: PromptStatus | null;
  page: number;
  /** Analytics: the period, 30 days unless chosen (spec section 9). */
  period: AnalyticsPeriod;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

const DEFAULTS: StudioParams = { tab: 'overview', status: null, page: 1, period: '30d' };

/**
 * The studio's place lives in the query string (?tab=prompts&status=draft&page=2, ?tab=analytics&
 * period=90d), so a reload or a shared link opens the same view. Defaults stay out of the URL and
 * unknown values fall back to them.
 */
export function useStudioParams() {
  const [params, setParams] = useSearchParams();

  const current = useMemo<StudioParams>(() => {
    const page = Number(params.get('page'));
    return {
      tab: oneOf(STUDIO_TABS, params.get('tab')) ?? DEFAULTS.tab,
      status: oneOf(PROMPT_STATUSES, params.get('status')),
      page: Number.isInteger(page) && page > 1 ? page : DEFAULTS.page,
      period: oneOf(ANALYTICS_PERIODS, params.get('period')) ?? DEFAULTS.period,
    };
  }, [params]);

  /** Merges changes into the URL; a new status filter starts again at page 1. Replaces the entry: tabs are views of one page. */
  const update = useCallback(
    (changes: Partial<StudioParams>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: keyof StudioParams, value: string | number | null | undefined) => {
            if (value === undefined) return;
            if (value === null || value === DEFAULTS[key]) next.delete(key);
            else next.set(key, String(value));
          };
          set('tab', changes.tab);
          set('status', changes.status);
          set('page', 'status' in changes && !('page' in changes) ? 1 : changes.page);
          set('period', changes.period);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return [current, update] as const;
}
