import { ChevronLeftIcon, ChevronRightIcon, FileTextIcon, UploadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { PAGING, type PromptStatus } from '@shared/constants';
import type { CreatorPrompt } from '@shared/creator';
import { DeletePromptDialog } from '@/components/delete-prompt-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeletePrompt } from '../api/delete-prompt';
import { useMyPrompts } from '../api/get-my-prompts';
import { usePublishPrompt } from '../api/publish-prompt';
import { useUnpublishPrompt } from '../api/unpublish-prompt';
import { CreatorPromptItem } from './creator-prompt-item';
import { EditPromptDialog } from './edit-prompt-dialog';
import { PromptExamplesDialog } from './prompt-examples-dialog';
import { PromptTestsDialog } from './prompt-tests-dialog';
import { StudioEmpty, StudioLoadError } from './studio-states';

const STATUS_FILTERS: { value: PromptStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'archived', label: 'Archived' },
];

const EMPTY_FILTERED: Record<PromptStatus, string> = {
  published: 'None of your prompts is published yet.',
  draft: 'You have no drafts.',
  rejected: 'No prompt of yours has been rejected.',
  archived: 'You have no archived prompts.',
};

interface MyPromptsTabProps {
  status: PromptStatus | null;
  page: number;
  onChange: (changes: { status?: PromptStatus | null; page?: number }) => void;
  onUpload: () => void;
}

/** My Prompts (spec section 2): the creator's prompts, 10 a page (section 9), with Edit, Publish and Delete. */
export function MyPromptsTab({ status, page, onChange, onUpload }: MyPromptsTabProps) {
  const query = useMyPrompts({ page, limit: PAGING.userPrompts, status: status ?? undefined });
  const [editing, setEditing] = useState<CreatorPrompt | null>(null);
  const [testing, setTesting] = useState<CreatorPrompt | null>(null);
  const [showing, setShowing] = useState<CreatorPrompt | null>(null);
  const [deleting, setDeleting] = useState<CreatorPrompt | null>(null);
  const remove = useDeletePrompt();
  const publish = usePublishPrompt();
  const unpublish = useUnpublishPrompt();
  const busyId = publish.isPending ? publish.variables : unpublish.isPending ? unpublish.variables : null;

  const { data } = query;
  const pages = data?.pagination.pages ?? 1;
  const total = data?.pagination.total ?? 0;

  // A page past the end (its last prompt was just deleted, or an old link): show the last page instead.
  const pastEnd = data !== undefined && !query.isPlaceholderData && pages >= 1 && page > pages;
  useEffect(() => {
    if (pastEnd) onChange({ page: pages });
  }, [pastEnd, pages, onChange]);

  const actions = {
    busyId,
    onEdit: setEditing,
    onTests: setTesting,
    onExamples: setShowing,
    onDelete: setDeleting,
    onPublish: (prompt: CreatorPrompt) =>
      publish.mutate(prompt.id, {
        onSuccess: ({ prompt: { nearDuplicate: near } }) =>
          near
            ? withToast((toast) =>
                toast.warning('Prompt published, and flagged', {
                  description: `Its text nearly matches ${near.title} by another creator; moderators will see it.`,
                }),
              )
            : withToast((toast) =>
                toast.success('Prompt published', {
                  description: `${prompt.title} is live in the marketplace.`,
                }),
              ),
      }),
    onUnpublish: (prompt: CreatorPrompt) =>
      unpublish.mutate(prompt.id, {
        onSuccess: () =>
          withToast((toast) =>
            toast.success('Prompt unpublished', {
              description: `${prompt.title} is a draft again and out of the marketplace.`,
            }),
          ),
      }),
  };

  return (
    <section aria-labelledby="my-prompts-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="my-prompts-heading" className="text-lg font-semibold tracking-tight">
            My Prompts
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data
              ? `${total} ${total === 1 ? 'prompt' : 'prompts'}${status ? ` · ${STATUS_FILTERS.find((f) => f.value === status)?.label}` : ''}`
              : '\u00a0'}
          </p>
        </div>
        <Select
          value={status ?? 'all'}
          onValueChange={(value) => onChange({ status: value === 'all' ? null : (value as PromptStatus) })}
        >
          <SelectTrigger className="w-full sm:w-44" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((filter) => (
              <SelectItem key={filter.value} value={filter.value}>
                {filter.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {query.isError && !data ? (
        <StudioLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <ListSkeleton />
      ) : data.prompts.length === 0 ? (
        status ? (
          <StudioEmpty icon={<FileTextIcon aria-hidden />} title="Nothing here">
            {EMPTY_FILTERED[status]}{' '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => onChange({ status: null })}
            >
              Show all prompts
            </button>
          </StudioEmpty>
        ) : (
          <StudioEmpty
            icon={<FileTextIcon aria-hidden />}
            title="No prompts yet"
            actions={
              <Button onClick={onUpload}>
                <UploadIcon aria-hidden />
                Upload a prompt
              </Button>
            }
          >
            Prompts you publish or save as drafts are listed here, with their views, likes and revenue.
          </StudioEmpty>
        )
      ) : (
        <>
          <ul
            className="grid gap-3"
            aria-label="Your prompts"
            aria-busy={query.isPlaceholderData || undefined}
          >
            {data.prompts.map((prompt) => (
              <li key={prompt.id}>
                <CreatorPromptItem prompt={prompt} actions={actions} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pagination" className="flex items-center justify-between gap-4 pt-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => onChange({ page: page - 1 })}
                disabled={page <= 1 || query.isPlaceholderData}
              >
                <ChevronLeftIcon aria-hidden />
                Previous
              </Button>
              <p className="text-sm text-muted-foreground">
                Page <span className="font-medium text-foreground">{Math.min(page, pages)}</span> of{' '}
                <span className="font-medium text-foreground">{pages}</span>
              </p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onChange({ page: page + 1 })}
                disabled={page >= pages || query.isPlaceholderData}
              >
                Next
                <ChevronRightIcon aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <EditPromptDialog prompt={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <PromptTestsDialog prompt={testing} onOpenChange={(open) => !open && setTesting(null)} />
      <PromptExamplesDialog prompt={showing} onOpenChange={(open) => !open && setShowing(null)} />
      <DeletePromptDialog
        prompt={deleting}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading your prompts">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="p-5">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="mt-3 h-5 w-2/3" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="mt-5 h-4 w-1/2" />
        </Card>
      ))}
    </div>
  );
}
