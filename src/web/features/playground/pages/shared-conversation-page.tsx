import { useQuery } from '@tanstack/react-query';
import { FlaskConicalIcon, LinkIcon, PaperclipIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { SharedConversation } from '@shared/playground-share';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { getSharedConversationQueryOptions } from '../api/share-session';
import { Markdown } from '../components/markdown';
import { ModelAvatar } from '../components/model-avatar';
import { ReplySources } from '../components/reply-extras';
import { describeMessageModel } from '../lib/models';

type SharedMessage = SharedConversation['messages'][number];

/** A conversation someone shared, read-only, at /share/:id (anyone with the link). */
export function SharedConversationPage() {
  const { id = '' } = useParams();
  const query = useQuery(getSharedConversationQueryOptions(id));
  const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
  const title = query.data?.title ?? (missing ? 'Shared conversation not found' : 'Shared conversation');
  useEffect(() => {
    document.title = `${title} · Promptforge`;
  }, [title]);
  // A link is private to whoever holds it: not for search engines (the API says so too).
  useEffect(() => {
    const robots = Object.assign(document.createElement('meta'), {
      name: 'robots',
      content: 'noindex, nofollow',
    });
    document.head.append(robots);
    return () => robots.remove();
  }, []);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {query.data ? (
        <Conversation conversation={query.data} />
      ) : query.isPending ? (
        <div className="space-y-6" role="status">
          <span className="sr-only">Loading conversation…</span>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="rounded-xl border bg-card p-8 text-center">
          <LinkIcon aria-hidden className="mx-auto size-8 text-muted-foreground" />
          <h1 className="mt-4 text-xl font-semibold">
            {missing ? 'This shared conversation could not be found' : 'The conversation could not be loaded'}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {missing
              ? 'Its owner may have stopped sharing it, or the link is mistyped.'
              : 'Check your connection and try again.'}
          </p>
          {missing ? null : (
            <Button className="mt-5" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function Conversation({ conversation }: { conversation: SharedConversation }) {
  return (
    <article>
      <header className="border-b pb-5">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Shared conversation
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {conversation.title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>Shared {formatDate(conversation.sharedAt)}</span>
          {conversation.prompt ? (
            <Link
              to={`/marketplace/${encodeURIComponent(conversation.prompt.id)}`}
              className="inline-flex min-w-0 items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary hover:bg-primary/15"
            >
              <FlaskConicalIcon aria-hidden className="size-3 shrink-0" />
              <span className="truncate">Tried with “{conversation.prompt.title}”</span>
            </Link>
          ) : null}
        </p>
      </header>
      <div className="mt-8 flex flex-col gap-8">
        {conversation.messages.map((m) => (
          <SharedMessageItem key={m.id} message={m} />
        ))}
      </div>
      <footer className="mt-12 flex flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center">
        <p className="text-sm text-muted-foreground">
          Chat with Claude, ChatGPT and Perplexity, and try prompts from the marketplace.
        </p>
        <Button asChild>
          <Link to={PAGE_PATHS.playground}>Open the playground</Link>
        </Button>
      </footer>
    </article>
  );
}

function SharedMessageItem({ message }: { message: SharedMessage }) {
  if (message.type === 'user') {
    return (
      <article
        aria-label="Their message"
        className="flex flex-col items-end gap-1"
        data-testid="message"
        data-role="user"
      >
        <div className="max-w-[88%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-primary-foreground shadow-sm sm:max-w-[80%]">
          {message.content}
        </div>
        {message.attachments > 0 ? (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <PaperclipIcon aria-hidden className="size-3" />
            {message.attachments === 1
              ? '1 file attached (not shared)'
              : `${message.attachments} files attached (not shared)`}
          </p>
        ) : null}
      </article>
    );
  }
  const model = describeMessageModel(message.model, []);
  return (
    <article
      aria-label={`Reply from ${model.name}`}
      className="flex flex-col"
      data-testid="message"
      data-role="ai"
    >
      <div className="mb-1.5 flex items-center gap-2 text-sm">
        <ModelAvatar model={model.choice} className="size-7 [&_svg]:size-3.5" />
        <span className="font-semibold">{model.name}</span>
        {model.demo ? <span className="text-xs text-muted-foreground">(offline demo model)</span> : null}
      </div>
      <div className="min-w-0 sm:pl-9">
        <div data-testid="message-content">
          <Markdown text={message.content} />
        </div>
        <ReplySources sources={message.sources} />
      </div>
    </article>
  );
}
