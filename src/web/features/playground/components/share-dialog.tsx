import { useQuery } from '@tanstack/react-query';
import { ExternalLinkIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { showErrorToast } from '@/lib/error-toast';
import { getShareQueryOptions, useShareSession } from '../api/share-session';
import { CopyButton } from './copy-button';

/** The Share button above a conversation, and its dialog: make, copy, update or end the link. */
export function ShareDialog({ sessionId, disabled }: { sessionId: string | null; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled || !sessionId}
          aria-label="Share conversation"
          title="Share a read-only link to this conversation"
          className="shrink-0 text-muted-foreground hover:text-foreground"
        >
          <Share2Icon aria-hidden />
          <span className="hidden sm:inline">Share</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share conversation</DialogTitle>
          <DialogDescription>
            Anyone with the link can read this conversation up to its last message now. Your name, your chat
            settings and the files you attached are not shared; what you send later stays private until you
            update the link.
          </DialogDescription>
        </DialogHeader>
        {open && sessionId ? <ShareLink sessionId={sessionId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShareLink({ sessionId }: { sessionId: string }) {
  const link = useQuery(getShareQueryOptions(sessionId));
  const { share, unshare } = useShareSession(sessionId);
  const busy = share.isPending || unshare.isPending;
  // The button pressed goes with the answer: the focus moves to what replaced it (the new link, or
  // Create link again), not back to the top of the dialog.
  const [moved, setMoved] = useState(false);
  const act = (what: 'share' | 'unshare') =>
    (what === 'share' ? share : unshare).mutateAsync().then(
      () => setMoved(true),
      (err: unknown) =>
        showErrorToast(err, {
          title: what === 'share' ? 'Failed to share the conversation' : 'Failed to stop sharing',
        }),
    );

  if (link.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (link.isError)
    return <p className="text-sm text-destructive">The link could not be loaded. Try again.</p>;
  if (!link.data) {
    return (
      <div className="flex justify-end">
        <Button onClick={() => void act('share')} disabled={busy} autoFocus={moved}>
          Create link
        </Button>
      </div>
    );
  }
  const url = `${window.location.origin}${link.data.path}`;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Input
          readOnly
          value={url}
          aria-label="Share link"
          autoFocus={moved}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <CopyButton text={url} label="Copy link" showLabel className="h-9 shrink-0 border" />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="share-state">
        {link.data.upToDate
          ? `The link shows all ${link.data.messageCount} messages.`
          : `The conversation went on after you shared it: the link shows its first ${link.data.messageCount} messages.`}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => void act('unshare')}
          disabled={busy}
        >
          Stop sharing
        </Button>
        <Button variant="outline" asChild>
          <a href={link.data.path} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            Open
          </a>
        </Button>
        {link.data.upToDate ? null : (
          <Button onClick={() => void act('share')} disabled={busy}>
            Update link
          </Button>
        )}
      </div>
    </div>
  );
}
