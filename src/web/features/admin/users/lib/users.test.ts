import { describe, expect, it } from 'vitest';
import { filtersFromSearch, filtersToQuery, filtersToSearch, statusActions } from './users';

describe('user management helpers', () => {
  it('offers suspend to active users, activate to the others, ban (confirmed) to anyone not banned', () => {
    expect(statusActions('active')).toEqual([
      { status: 'suspended', label: 'Suspend', confirm: false },
      { status: 'banned', label: 'Ban', confirm: true },
    ]);
    expect(statusActions('suspended').map((a) => a.label)).toEqual(['Activate', 'Ban']);
    expect(statusActions('banned').map((a) => a.label)).toEqual(['Activate']);
  });

  it('keeps the filters in the address and reads them back with defaults', () => {
    const filters = { search: ' ana ', status: 'suspended' as const, plan: 'p-pro', page: 3 };
    const params = filtersToSearch(filters);
    expect(params.toString()).toBe('search=ana&status=suspended&plan=p-pro&page=3');
    expect(filtersFromSearch(params)).toEqual({ ...filters, search: 'ana' });
    expect(filtersFromSearch(new URLSearchParams('status=gone&page=-2'))).toEqual({
      search: '',
      status: 'all',
      plan: 'all',
      page: 1,
    });
    expect(filtersToSearch({ search: '', status: 'all', plan: 'all', page: 1 }).toString()).toBe('');
  });

  it('turns the filters into the API query, without the page for the export', () => {
    expect(filtersToQuery({ search: '', status: 'all', plan: 'free', page: 2 })).toEqual({
      search: undefined,
      status: undefined,
      plan: 'free',
      page: 2,
      limit: 20,
    });
    expect(filtersToQuery({ search: 'x', status: 'banned', plan: 'all', page: 2 }, false)).toEqual({
      search: 'x',
      status: 'banned',
      plan: undefined,
    });
  });
});
