import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CATEGORIES,
  type Category,
  PAGING,
  PROMPT_TYPES,
  type PromptType,
  SORTS,
  type Sort,
} from '@shared/constants';
import { TEST_MODEL_NAMES } from '@shared/constants';
import type { GetPromptsParams } from '../api/get-prompts';

export interface MarketplaceFilters {
  search: string;
  category: Category | null;
  type: PromptType | null;
  /** Only prompts whose latest version passes every test case on this model. */
  passes: (typeof TEST_MODEL_NAMES)[number] | null;
  sort: Sort;
  page: number;
}

/** Best match while searching, newest otherwise (the server applies the same default). */
export const defaultSortFor = (search: string): Sort => (search.trim() ? 'relevance' : 'latest');

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** The filters a URL query string names; unknown values (an old link, a typo) fall back to the defaults. */
export function filtersFrom(params: URLSearchParams): MarketplaceFilters {
  const page = Number(params.get('page'));
  const search = params.get('search') ?? '';
  return {
    search,
    category: oneOf(CATEGORIES, params.get('category')),
    type: oneOf(PROMPT_TYPES, params.get('type')),
    passes: oneOf(TEST_MODEL_NAMES, params.get('passes')),
    sort: oneOf(SORTS, params.get('sort')) ?? defaultSortFor(search),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The list request for a set of filters (one page of the marketplace's size). */
export function promptsParamsFor(filters: MarketplaceFilters): GetPromptsParams {
  return {
    search: filters.search.trim() || undefined,
    category: filters.category ?? undefined,
    type: filters.type ?? undefined,
    // Left out when unset, so the first page's query is the one the server renders with.
    ...(filters.passes ? { passes: filters.passes } : {}),
    sort: filters.sort,
    page: filters.page,
    limit: PAGING.marketplace,
  };
}

/**
 * The marketplace filters live in the URL query string, so a reload, a shared link or Back shows the
 * same results. Unknown values (an old link, a typo) fall back to the defaults instead of failing.
 */
export function useMarketplaceFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => filtersFrom(params), [params]);

  /**
   * Merges changes into the URL. Any change other than the page itself starts again at page 1.
   * Typing replaces the history entry (one per keystroke would make Back useless); choices push one.
   */
  const update = useCallback(
    (changes: Partial<MarketplaceFilters>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | null) => {
            if (value) next.set(key, value);
            else next.delete(key);
          };
          if ('search' in changes) set('search', changes.search?.trim() ? (changes.search ?? null) : null);
          if ('category' in changes) set('category', changes.category ?? null);
          if ('type' in changes) set('type', changes.type ?? null);
          if ('passes' in changes) set('passes', changes.passes ?? null);
          if ('sort' in changes) {
            const search = next.get('search') ?? '';
            set('sort', changes.sort && changes.sort !== defaultSortFor(search) ? changes.sort : null);
          }
          // Relevance without a search is not a choice the toolbar offers: fall back to the default.
          if (!next.get('search') && next.get('sort') === 'relevance') next.delete('sort');
          if ('page' in changes) set('page', changes.page && changes.page > 1 ? String(changes.page) : null);
          else next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  const isFiltered = Boolean(filters.search.trim() || filters.category || filters.type || filters.passes);

  return { filters, update, clear, isFiltered };
}
