import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  BuildingIcon,
  MailIcon,
  MailOpenIcon,
  ReplyIcon,
} from 'lucide-react';
import type { ContactMessage, ContactStatus } from '@shared/admin-audit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { RelativeTime } from '@/components/relative-time';

const STATUS_BADGE: Record<ContactStatus, { label: string; variant: 'default' | 'secondary' | 'outline' }> = {
  new: { label: 'New', variant: 'default' },
  read: { label: 'Read', variant: 'secondary' },
  archived: { label: 'Archived', variant: 'outline' },
};

/** One Contact Sales message with its sender, text and the actions on it. */
export function MessageItem({
  message,
  onStatus,
  busy,
}: {
  message: ContactMessage;
  onStatus: (status: ContactStatus) => void;
  busy: boolean;
}) {
  const badge = STATUS_BADGE[message.status];
  const replySubject = encodeURIComponent('Re: your Promptforge sales enquiry');
  return (
    <article className={cn('grid gap-3 p-4 sm:p-5', message.status === 'new' && 'bg-primary/[0.03]')}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">{message.name}</h2>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <a
              href={`mailto:${message.email}`}
              className="inline-flex items-center gap-1.5 hover:text-foreground"
            >
              <MailIcon className="size-3.5" aria-hidden />
              {message.email}
            </a>
            {message.company ? (
              <span className="inline-flex items-center gap-1.5">
                <BuildingIcon className="size-3.5" aria-hidden />
                {message.company}
              </span>
            ) : null}
          </div>
        </div>
        <RelativeTime value={message.createdAt} className="text-xs text-muted-foreground" />
      </header>
      <p className="text-sm leading-relaxed whitespace-pre-wrap">{message.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={`mailto:${message.email}?subject=${replySubject}`}>
            <ReplyIcon aria-hidden />
            Reply
          </a>
        </Button>
        {message.status === 'new' ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onStatus('read')}>
            <MailOpenIcon aria-hidden />
            Mark as read
          </Button>
        ) : message.status === 'read' ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onStatus('new')}>
            <MailIcon aria-hidden />
            Mark as new
          </Button>
        ) : null}
        {message.status === 'archived' ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onStatus('read')}>
            <ArchiveRestoreIcon aria-hidden />
            Restore
          </Button>
        ) : (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onStatus('archived')}>
            <ArchiveIcon aria-hidden />
            Archive
          </Button>
        )}
      </div>
    </article>
  );
}
