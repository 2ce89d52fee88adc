import { ADMIN_USERS_PAGE_SIZE } from '@shared/admin-users';
import { USER_STATUSES, type UserStatus } from '@shared/constants';

/* Pure helpers behind the User Management screen. */

export interface StatusAction {
  status: UserStatus;
  label: string;
  /** Banning asks first. */
  confirm: boolean;
}

/**
 * The row's actions (spec section 4, extended by issue 8): an active user can be suspended, any other
 * re-activated; anyone not banned can be banned (after a confirmation).
 */
export function statusActions(status: UserStatus): StatusAction[] {
  const actions: StatusAction[] =
    status === 'active'
      ? [{ status: 'suspended', label: 'Suspend', confirm: false }]
      : [{ status: 'active', label: 'Activate', confirm: false }];
  if (status !== 'banned') actions.push({ status: 'banned', label: 'Ban', confirm: true });
  return actions;
}

export type StatusFilter = 'all' | UserStatus;

export interface UserFilters {
  search: string;
  status: StatusFilter;
  plan: string;
  page: number;
}

/** The filters as the address keeps them (?search=&status=&plan=&page=), with defaults for the rest. */
export function filtersFromSearch(params: URLSearchParams): UserFilters {
  const status = params.get('status') ?? 'all';
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : 'all',
    plan: params.get('plan') || 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The filters back into the address, leaving the defaults out. */
export function filtersToSearch(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.plan !== 'all') params.set('plan', filters.plan);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API's query for the filters (the export leaves out the page). */
export function filtersToQuery(filters: UserFilters, withPage = true) {
  return {
    search: filters.search.trim() || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    plan: filters.plan === 'all' ? undefined : filters.plan,
    ...(withPage ? { page: filters.page, limit: ADMIN_USERS_PAGE_SIZE } : {}),
  };
}
