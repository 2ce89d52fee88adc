import { LoaderCircleIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { CreatorPrompt } from '@shared/creator';
import type { ExampleCandidate, PromptExamples } from '@shared/prompt-tests';
import { ExampleCard } from '@/components/prompt-example';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { withToast } from '@/lib/lazy-toast';
import { useLastPresent } from '@/lib/use-last-present';
import { useAddPromptExample } from '../api/add-prompt-example';
import { useDeletePromptExample } from '../api/delete-prompt-example';
import { usePromptExamples } from '../api/get-prompt-examples';

/**
 * A prompt's verified examples in the studio (issue 56, decision 069): the runs shown on its
 * listing, and the runs the creator may add: the prompt's test runs and their own playground runs
 * of it. The server copies a chosen run; nothing is typed in here.
 */
export function PromptExamplesDialog({
  prompt: target,
  onOpenChange,
}: {
  prompt: CreatorPrompt | null;
  onOpenChange: (open: boolean) => void;
}) {
  const prompt = useLastPresent(target);
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Examples of “{prompt?.title}”</DialogTitle>
          <DialogDescription>
            Show real runs on the listing, marked “Run on Promptforge”: a test run of this prompt, or one of
            your own runs of it in the playground. A premium prompt’s text is never shown.
          </DialogDescription>
        </DialogHeader>
        {prompt ? <ExamplesBody key={prompt.id} prompt={prompt} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ExamplesBody({ prompt }: { prompt: CreatorPrompt }) {
  const query = usePromptExamples(prompt.id);
  if (!query.data) return <Skeleton className="h-48" />;
  return (
    <div className="grid min-w-0 gap-6">
      <Shown prompt={prompt} data={query.data} />
      <Candidates prompt={prompt} data={query.data} />
    </div>
  );
}

function Shown({ prompt, data }: { prompt: CreatorPrompt; data: PromptExamples }) {
  const remove = useDeletePromptExample(prompt.id);
  return (
    <section aria-labelledby="examples-shown" className="grid gap-3">
      <h3 id="examples-shown" className="font-semibold">
        On the listing ({data.examples.length} of {data.max})
      </h3>
      {data.examples.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {prompt.status === 'published'
            ? 'No examples yet: choose a run below.'
            : 'No examples yet. They show once the prompt is published.'}
        </p>
      ) : (
        data.examples.map((example) => (
          <ExampleCard
            key={example.id}
            example={example}
            action={
              <Button
                variant="ghost"
                size="icon"
                className="size-7 text-muted-foreground"
                aria-label={`Remove the example run on ${example.model}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(example.id, {
                    onSuccess: () => withToast((toast) => toast.success('Example removed')),
                  })
                }
              >
                <Trash2Icon aria-hidden />
              </Button>
            }
          />
        ))
      )}
    </section>
  );
}

function Candidates({ prompt, data }: { prompt: CreatorPrompt; data: PromptExamples }) {
  const add = useAddPromptExample(prompt.id);
  const open = data.candidates.filter((c) => !c.picked);
  const full = data.examples.length >= data.max;
  const pending = add.isPending ? add.variables.runId : null;
  const pick = (c: ExampleCandidate) =>
    add.mutate(
      { source: c.source, runId: c.id },
      { onSuccess: () => withToast((toast) => toast.success('Example added to the listing')) },
    );
  return (
    <section aria-labelledby="examples-runs" className="grid gap-3">
      <h3 id="examples-runs" className="font-semibold">
        Runs you can show
      </h3>
      {open.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {data.candidates.length === 0
            ? 'No runs yet. Add test cases and publish, or try the prompt in the playground.'
            : 'Every run is already on the listing.'}
        </p>
      ) : (
        <ul className="grid gap-2">
          {open.map((c) => (
            <li
              key={`${c.source}:${c.id}`}
              className="flex flex-col gap-2 rounded-lg border px-3.5 py-3 text-sm sm:flex-row sm:items-start"
              data-testid="example-candidate"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Badge variant="secondary">
                    {c.source === 'test' ? 'Test run' : 'Your playground run'}
                  </Badge>
                  <span className="font-medium">{c.model}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(c.createdAt, 'mediumUtc')}
                    {c.version !== null ? ` · version ${c.version}` : ''}
                  </span>
                </p>
                <p className="mt-1.5 break-words text-muted-foreground">{c.excerpt}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0 self-start"
                disabled={full || add.isPending}
                title={full ? `A listing shows at most ${data.max} examples` : undefined}
                onClick={() => pick(c)}
              >
                {pending === c.id ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden />
                ) : (
                  <PlusIcon aria-hidden />
                )}
                Show on listing
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
