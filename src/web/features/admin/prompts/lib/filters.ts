import { ADMIN_FILTER_CATEGORIES } from '@shared/admin-prompts';
import {
  PAGING,
  PROMPT_STATUSES,
  PROMPT_TYPES,
  type Category,
  type PromptStatus,
  type PromptType,
} from '@shared/constants';

/** The marketplace table's filters, kept in the URL so the header search and Quick Actions can link to them. */
export interface PromptFilters {
  search: string;
  status: PromptStatus | 'all';
  category: Category | 'all';
  type: PromptType | 'all';
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | 'all' =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : 'all';

/** `?status=pending` is the drafts filter too: the spec's 'pending' count is the drafts. */
export function filtersFromParams(params: URLSearchParams): PromptFilters {
  const status = params.get('status') === 'pending' ? 'draft' : params.get('status');
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    status: oneOf(PROMPT_STATUSES, status),
    category: oneOf(ADMIN_FILTER_CATEGORIES, params.get('category')),
    type: oneOf(PROMPT_TYPES, params.get('type')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL for filters: defaults are left out, so a clean list has a clean URL. */
export function paramsFromFilters(f: PromptFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.status !== 'all') params.set('status', f.status);
  if (f.category !== 'all') params.set('category', f.category);
  if (f.type !== 'all') params.set('type', f.type);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/** The API query for filters. */
export function queryFromFilters(f: PromptFilters) {
  return {
    search: f.search.trim() || undefined,
    status: f.status === 'all' ? undefined : f.status,
    category: f.category === 'all' ? undefined : f.category,
    type: f.type === 'all' ? undefined : f.type,
    page: f.page,
    limit: PAGING.adminPrompts,
  };
}
