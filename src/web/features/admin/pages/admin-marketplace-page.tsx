import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PlusIcon,
  RefreshCwIcon,
  SearchXIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { ADMIN_PROMPT_MESSAGES, type AdminPrompt } from '@shared/admin-prompts';
import { DeletePromptDialog } from '@/components/delete-prompt-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useDeleteAdminPrompt } from '../prompts/api/delete-admin-prompt';
import { useAdminPrompts } from '../prompts/api/get-admin-prompts';
import { useUpdateAdminPrompt } from '../prompts/api/update-admin-prompt';
import { PromptFilters } from '../prompts/components/prompt-filters';
import { type PromptDialogTarget, PromptFormDialog } from '../prompts/components/prompt-form-dialog';
import { PromptStats } from '../prompts/components/prompt-stats';
import { PromptsTable } from '../prompts/components/prompts-table';
import { StatusDialog } from '../prompts/components/status-dialog';
import { failureMessage } from '../prompts/lib/failure';
import {
  type PromptFilters as Filters,
  filtersFromParams,
  paramsFromFilters,
  queryFromFilters,
} from '../prompts/lib/filters';

/** /admin/marketplace: every prompt, its moderation, featured and trending (spec section 2). */
export function AdminMarketplacePage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const list = useAdminPrompts(queryFromFilters(filters));
  const update = useUpdateAdminPrompt();
  const remove = useDeleteAdminPrompt();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [formTarget, setFormTarget] = useState<PromptDialogTarget>(null);
  const [moderating, setModerating] = useState<AdminPrompt | null>(null);
  const [deleting, setDeleting] = useState<AdminPrompt | null>(null);

  const paramsKey = params.toString();
  const change = useCallback(
    (next: Partial<Filters>) =>
      setParams(paramsFromFilters({ ...filtersFromParams(new URLSearchParams(paramsKey)), ...next }), {
        replace: true,
      }),
    [paramsKey, setParams],
  );

  const toggle = async (prompt: AdminPrompt, flag: 'featured' | 'trending') => {
    const on = !prompt[flag];
    setBusyId(prompt.id);
    try {
      await update.mutateAsync({ id: prompt.id, body: { [flag]: on } });
      withToast((toast) =>
        toast.success(
          flag === 'featured'
            ? on
              ? 'Prompt featured'
              : 'Prompt removed from featured'
            : on
              ? 'Prompt marked as trending'
              : 'Prompt removed from trending',
          { description: prompt.title },
        ),
      );
    } catch (error) {
      withToast((toast) =>
        toast.error('Error', {
          description: failureMessage(
            error,
            flag === 'featured' ? ADMIN_PROMPT_MESSAGES.featuredFailed : ADMIN_PROMPT_MESSAGES.trendingFailed,
          ),
        }),
      );
    } finally {
      setBusyId(null);
    }
  };

  const data = list.data;
  const pages = data?.pagination.pages ?? 0;

  return (
    <div className="grid gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Marketplace Management</h1>
          <p className="mt-1 text-muted-foreground">
            Review, feature and moderate every prompt on Promptforge.
          </p>
        </div>
        <Button onClick={() => setFormTarget({ mode: 'create' })}>
          <PlusIcon aria-hidden />
          Create Prompt
        </Button>
      </header>

      <PromptStats stats={data?.stats} />

      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <PromptFilters filters={filters} onChange={change} />
          {data?.search?.suggestion ? (
            <p className="mt-3 text-sm text-muted-foreground" data-testid="search-suggestion">
              Did you mean{' '}
              <button
                type="button"
                className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
                onClick={() => change({ search: data.search!.suggestion! })}
              >
                {data.search.suggestion}
              </button>
              ?
            </p>
          ) : null}
        </div>
        {list.isPending ? (
          <div className="grid gap-3 p-4" role="status" aria-label="Loading prompts">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="grid place-items-center gap-3 px-6 py-14 text-center" role="alert">
            <TriangleAlertIcon className="size-8 text-destructive" aria-hidden />
            <div>
              <p className="font-medium">Failed to load prompts</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {list.error.message || 'An unexpected error occurred'}
              </p>
            </div>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <RefreshCwIcon aria-hidden />
              Retry
            </Button>
          </div>
        ) : data && data.prompts.length === 0 ? (
          <div className="grid place-items-center gap-2 px-6 py-14 text-center">
            <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No prompts found</p>
            <p className="text-sm text-muted-foreground">
              {filters.search.trim()
                ? `Nothing matches “${filters.search.trim()}”. Try another search or clear the filters.`
                : 'Try other filters.'}
            </p>
            {params.toString() ? (
              <Button variant="outline" className="mt-2" onClick={() => setParams(new URLSearchParams())}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : data ? (
          <>
            <PromptsTable
              prompts={data.prompts}
              highlight={data.search?.highlight}
              actions={{
                busyId,
                onToggleFeatured: (p) => void toggle(p, 'featured'),
                onToggleTrending: (p) => void toggle(p, 'trending'),
                onEdit: (p) => setFormTarget({ mode: 'edit', prompt: p }),
                onModerate: setModerating,
                onDelete: setDeleting,
              }}
            />
            <div className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row">
              <p>
                {formatNumber(data.total)} prompt{data.total === 1 ? '' : 's'}
                {pages > 1 ? ` · page ${data.pagination.page} of ${pages}` : ''}
              </p>
              {pages > 1 ? (
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={filters.page <= 1 || list.isFetching}
                    onClick={() => change({ page: filters.page - 1 })}
                  >
                    <ChevronLeftIcon aria-hidden />
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={filters.page >= pages || list.isFetching}
                    onClick={() => change({ page: filters.page + 1 })}
                  >
                    Next
                    <ChevronRightIcon aria-hidden />
                  </Button>
                </div>
              ) : null}
            </div>
          </>
        ) : null}
      </Card>

      <PromptFormDialog target={formTarget} onOpenChange={(open) => !open && setFormTarget(null)} />
      <StatusDialog prompt={moderating} onOpenChange={(open) => !open && setModerating(null)} />
      <DeletePromptDialog
        prompt={deleting && { title: deleting.title, buyers: deleting.analytics.buyers }}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}
