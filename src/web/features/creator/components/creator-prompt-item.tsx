import {
  CircleDollarSignIcon,
  DownloadIcon,
  ExternalLinkIcon,
  EyeIcon,
  EyeOffIcon,
  CopyIcon,
  FlaskConicalIcon,
  GitForkIcon,
  HeartIcon,
  ListChecksIcon,
  LockIcon,
  LoaderCircleIcon,
  PencilIcon,
  SendIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  Trash2Icon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '@shared/constants';
import type { CreatorPrompt } from '@shared/creator';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount, formatDate, formatNumber } from '@/lib/format';
import { formatDollars } from '../lib/figures';
import { PromptStatusBadge } from '@/components/prompt-status-badge';

function Figure({
  icon,
  label,
  value,
  title,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  title: string;
}) {
  return (
    <div className="flex items-center gap-1.5" title={title}>
      <dt className="text-muted-foreground [&_svg]:size-3.5">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

export interface PromptItemActions {
  onEdit: (prompt: CreatorPrompt) => void;
  /** Opens the prompt's test cases and runs (issue 56). */
  onTests: (prompt: CreatorPrompt) => void;
  /** Opens the runs shown on the listing as examples (decision 069). */
  onExamples: (prompt: CreatorPrompt) => void;
  onDelete: (prompt: CreatorPrompt) => void;
  onPublish: (prompt: CreatorPrompt) => void;
  onUnpublish: (prompt: CreatorPrompt) => void;
  /** The prompt whose publish or unpublish call is under way. */
  busyId: string | null;
}

/**
 * One of the creator's prompts: status (with the moderator's reason when rejected or archived), its
 * figures, and what can be done with it. Archived prompts cannot be published again (the server
 * refuses), so they offer no Publish.
 */
export function CreatorPromptItem({
  prompt,
  actions,
}: {
  prompt: CreatorPrompt;
  actions: PromptItemActions;
}) {
  const published = prompt.status === 'published';
  // A private remix may never be published (its source's licence, decision 058): the server refuses.
  const canPublish = (prompt.status === 'draft' || prompt.status === 'rejected') && !prompt.remixPrivate;
  const busy = actions.busyId === prompt.id;
  const publicPath = `/marketplace/${encodeURIComponent(prompt.slug || prompt.id)}`;
  const headingId = `prompt-${prompt.id}-title`;

  return (
    <Card className="p-5" aria-labelledby={headingId} role="article" data-testid="creator-prompt">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <PromptStatusBadge status={prompt.status} label={prompt.statusLabel} />
            <Badge variant="outline">{CATEGORY_LABELS[prompt.category]}</Badge>
            <Badge variant={prompt.isPaid ? 'default' : 'secondary'}>
              {prompt.isPaid ? formatDollars(prompt.price) : 'Free'}
            </Badge>
            <Badge variant="outline" title={prompt.licence.summary} data-testid="prompt-licence">
              {prompt.licence.label}
            </Badge>
            {prompt.remixPrivate ? (
              <Badge variant="warning" title="Its source's licence keeps this remix to your own use">
                <LockIcon aria-hidden />
                Private remix
              </Badge>
            ) : null}
          </div>
          <h3 id={headingId} className="mt-2.5 text-base leading-snug font-semibold break-words">
            {published ? (
              <Link
                to={publicPath}
                className="underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {prompt.title}
              </Link>
            ) : (
              prompt.title
            )}
          </h3>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{prompt.description}</p>
          {prompt.remixOf ? (
            <p
              className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground"
              data-testid="remix-of"
            >
              <GitForkIcon className="size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 truncate">
                Remix of{' '}
                <Link
                  to={`/marketplace/${encodeURIComponent(prompt.remixOf.slug)}`}
                  className="font-medium text-foreground underline-offset-4 hover:underline"
                >
                  {prompt.remixOf.title}
                </Link>
              </span>
            </p>
          ) : null}
          {prompt.tags.length > 0 ? (
            <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
              {prompt.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="flex shrink-0 flex-wrap items-center gap-2 lg:justify-end">
          <Button variant="outline" size="sm" onClick={() => actions.onEdit(prompt)}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={() => actions.onTests(prompt)}>
            <ListChecksIcon aria-hidden />
            Tests
          </Button>
          <Button variant="outline" size="sm" onClick={() => actions.onExamples(prompt)}>
            <ShieldCheckIcon aria-hidden />
            Examples
          </Button>
          {published ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => actions.onUnpublish(prompt)}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <EyeOffIcon aria-hidden />}
              Unpublish
            </Button>
          ) : canPublish ? (
            <Button size="sm" disabled={busy} onClick={() => actions.onPublish(prompt)}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <SendIcon aria-hidden />}
              Publish
            </Button>
          ) : null}
          {published ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={publicPath} title="View in the marketplace">
                <ExternalLinkIcon aria-hidden />
                {/* Icon only on phones, where four labelled buttons do not fit one row. */}
                <span className="sr-only sm:not-sr-only">View</span>
              </Link>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => actions.onDelete(prompt)}
          >
            <Trash2Icon aria-hidden />
            <span className="sr-only sm:not-sr-only">Delete</span>
          </Button>
        </div>
      </div>

      {prompt.nearDuplicate ? (
        <div
          className="mt-4 flex gap-2.5 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          data-testid="near-duplicate"
        >
          <CopyIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            <span className="font-medium">Nearly the same text as </span>
            <Link
              to={`/marketplace/${encodeURIComponent(prompt.nearDuplicate.slug)}`}
              className="font-medium underline underline-offset-4"
            >
              {prompt.nearDuplicate.title}
            </Link>
            <span className="text-muted-foreground">
              {' '}
              by another creator ({Math.round(prompt.nearDuplicate.similarity * 100)}% similar). Moderators
              see this flag; make sure you have the right to publish it.
            </span>
          </p>
        </div>
      ) : null}

      {prompt.moderationNote && (prompt.status === 'rejected' || prompt.status === 'archived') ? (
        <div
          className={
            prompt.status === 'rejected'
              ? 'mt-4 flex gap-2.5 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm'
              : 'mt-4 flex gap-2.5 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm'
          }
        >
          <ShieldAlertIcon
            className={
              prompt.status === 'rejected'
                ? 'mt-0.5 size-4 shrink-0 text-destructive'
                : 'mt-0.5 size-4 shrink-0 text-warning'
            }
            aria-hidden
          />
          <p>
            <span className="font-medium">
              {prompt.status === 'rejected' ? 'Rejected by a moderator: ' : 'Archived by a moderator: '}
            </span>
            <span className="text-muted-foreground">{prompt.moderationNote}</span>
            {prompt.status === 'rejected' ? (
              <span className="text-muted-foreground"> Edit it and publish it again when it is fixed.</span>
            ) : null}
          </p>
        </div>
      ) : null}

      <div className="mt-4 flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm sm:gap-x-5">
          <Figure
            icon={<EyeIcon aria-hidden />}
            label="Views"
            value={formatCount(prompt.views)}
            title={`${formatNumber(prompt.views)} views`}
          />
          <Figure
            icon={<HeartIcon aria-hidden />}
            label="Likes"
            value={formatCount(prompt.likes)}
            title={`${formatNumber(prompt.likes)} likes`}
          />
          <Figure
            icon={<DownloadIcon aria-hidden />}
            label="Downloads"
            value={formatCount(prompt.downloads)}
            title={`${formatNumber(prompt.downloads)} downloads`}
          />
          <Figure
            icon={<FlaskConicalIcon aria-hidden />}
            label="Tries"
            value={formatCount(prompt.tries)}
            title={`${formatNumber(prompt.tries)} playground tries`}
          />
          <Figure
            icon={<CircleDollarSignIcon aria-hidden />}
            label="Revenue"
            value={formatDollars(prompt.revenue)}
            title={`${formatDollars(prompt.revenue)} from ${formatNumber(prompt.buyers)} ${prompt.buyers === 1 ? 'buyer' : 'buyers'}`}
          />
        </dl>
        <p className="text-xs text-muted-foreground">
          {published && prompt.publishedAt ? 'Published ' : 'Updated '}
          <time dateTime={published && prompt.publishedAt ? prompt.publishedAt : prompt.updatedAt}>
            {formatDate(published && prompt.publishedAt ? prompt.publishedAt : prompt.updatedAt)}
          </time>
          {prompt.versions > 0 ? (
            <>
              {' · '}
              <Link
                to={`${publicPath}#versions`}
                className="underline-offset-4 hover:text-foreground hover:underline"
                title="See the version history, compare or restore a version"
              >
                {`${prompt.versions} earlier ${prompt.versions === 1 ? 'version' : 'versions'} kept`}
              </Link>
            </>
          ) : null}
        </p>
      </div>
    </Card>
  );
}
