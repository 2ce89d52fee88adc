import { AlertCircleIcon, DownloadIcon, RotateCwIcon, SearchIcon, UsersIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { USER_STATUSES } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { withToast } from '@/lib/lazy-toast';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useExportUsers } from '../users/api/export-users';
import { useAdminUsers } from '../users/api/get-admin-users';
import { AddUserDialog } from '../users/components/add-user-dialog';
import { TeamsCard } from '../users/components/teams-card';
import { UserCountCards } from '../users/components/user-count-cards';
import { UsersTable } from '../users/components/users-table';
import { type StatusFilter, type UserFilters, filtersFromSearch, filtersToSearch } from '../users/lib/users';

const STATUS_LABELS: Record<StatusFilter, string> = {
  all: 'All statuses',
  active: 'Active',
  suspended: 'Suspended',
  banned: 'Banned',
};

/** /admin/users: 'User Management' on the real users, with filters, paging, export and Add User. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const users = useAdminUsers(filters);
  const exporter = useExportUsers();
  const { user: me } = useAuth();
  const [text, setText] = useState(filters.search);
  const searchId = useId();

  // The box follows the address when it changes elsewhere (back button, Clear filters).
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    setText(filters.search);
  }

  const apply = (changes: Partial<UserFilters>) =>
    setParams(filtersToSearch({ ...filters, page: 1, ...changes }), { replace: true });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ search: text });
  };

  const data = users.data;
  const pagination = data?.pagination;

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">User Management</h1>
          <p className="mt-1 text-muted-foreground">
            Find accounts, see their plan and usage, and control access.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={exporter.isPending}
            onClick={() =>
              exporter.mutate(filters, {
                onSuccess: (name) =>
                  withToast((toast) => toast.success('Export ready', { description: `${name} downloaded.` })),
              })
            }
          >
            <DownloadIcon aria-hidden />
            {exporter.isPending ? 'Exporting…' : 'Export Users'}
          </Button>
          <AddUserDialog />
        </div>
      </header>

      <UserCountCards counts={data?.counts} />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b p-4 md:flex-row md:items-center">
          <form role="search" onSubmit={onSearch} className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search users by name or email
            </label>
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value === '' && filters.search) apply({ search: '' });
              }}
              placeholder="Search by name or email…"
              className="pl-9"
            />
          </form>
          <div className="grid grid-cols-2 gap-3 md:flex">
            <Select value={filters.status} onValueChange={(v) => apply({ status: v as StatusFilter })}>
              <SelectTrigger aria-label="Status" className="md:w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(['all', ...USER_STATUSES] as const).map((s) => (
                  <SelectItem key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={filters.plan} onValueChange={(v) => apply({ plan: v })}>
              <SelectTrigger aria-label="Plan" className="md:w-40">
                <SelectValue placeholder="All plans" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All plans</SelectItem>
                {(data?.planOptions ?? []).map((p) => (
                  <SelectItem key={p.value} value={p.value}>
                    {p.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        {users.isPending ? (
          <div className="grid gap-3 p-4" aria-label="Loading users">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : users.isError && !data ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <AlertCircleIcon className="size-6 text-destructive" aria-hidden />
            <p className="font-medium">Failed to load users</p>
            <p className="text-sm text-muted-foreground">{users.error.message}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void users.refetch()}
              disabled={users.isFetching}
            >
              <RotateCwIcon className={users.isFetching ? 'animate-spin' : undefined} aria-hidden />
              Retry
            </Button>
          </div>
        ) : data && data.users.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
              <UsersIcon className="size-6" aria-hidden />
            </span>
            <p className="mt-2 font-medium">No users match these filters</p>
            <Button variant="link" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
              Clear filters
            </Button>
          </div>
        ) : data ? (
          <div
            className={
              users.isFetching && users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined
            }
          >
            <UsersTable users={data.users} currentUserId={me?.id} />
          </div>
        ) : null}

        {pagination && pagination.total > 0 ? (
          <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row">
            <p aria-live="polite">
              {formatNumber((pagination.page - 1) * pagination.limit + 1)}–
              {formatNumber(Math.min(pagination.page * pagination.limit, pagination.total))} of{' '}
              {formatNumber(pagination.total)} users
            </p>
            <div className="flex items-center gap-2">
              <span>
                Page {pagination.page} of {pagination.pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={pagination.page <= 1}
                onClick={() => apply({ page: pagination.page - 1 })}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={pagination.page >= pagination.pages}
                onClick={() => apply({ page: pagination.page + 1 })}
              >
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </Card>

      <TeamsCard />
    </div>
  );
}
