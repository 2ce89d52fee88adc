import { DownloadIcon, MoreHorizontalIcon, PencilIcon, PinIcon, PinOffIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SessionSummary } from '@shared/playground';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { showErrorToast } from '@/lib/error-toast';
import { downloadExport } from '../api/export-session';
import { useUpdateSession } from '../api/update-session';

/** A conversation's menu in Recent Sessions: rename, pin, export (Delete is its own button beside it). */
export function SessionMenu({ session }: { session: SessionSummary }) {
  const update = useUpdateSession();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(session.title);
  const [error, setError] = useState<string | null>(null);
  // The rename dialog opens from a menu item that is gone once it closes: focus goes to the menu button.
  const menuButton = useRef<HTMLButtonElement>(null);

  const change = async (patch: { title?: string; pinned?: boolean }, what: string) => {
    try {
      await update.mutateAsync({ id: session.id, change: patch });
      return true;
    } catch (err) {
      showErrorToast(err, { title: `Failed to ${what} the conversation` });
      return false;
    }
  };
  const exportAs = (format: 'markdown' | 'json') =>
    downloadExport(session.id, format).catch((err: unknown) =>
      showErrorToast(err, { title: 'Failed to export the conversation' }),
    );

  const rename = async () => {
    const next = title.trim();
    if (!next) return setError('Title is required');
    if (await change({ title: next }, 'rename')) setRenaming(false);
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuButton}
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-1/2 right-9 size-8 -translate-y-1/2 text-muted-foreground opacity-0 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100"
            aria-label={`Actions for conversation: ${session.title}`}
          >
            <MoreHorizontalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => {
              setTitle(session.title);
              setError(null);
              setRenaming(true);
            }}
          >
            <PencilIcon aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void change({ pinned: !session.pinned }, 'pin')}>
            {session.pinned ? <PinOffIcon aria-hidden /> : <PinIcon aria-hidden />}
            {session.pinned ? 'Unpin' : 'Pin'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void exportAs('markdown')}>
            <DownloadIcon aria-hidden />
            Export as Markdown
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void exportAs('json')}>
            <DownloadIcon aria-hidden />
            Export as JSON
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={renaming} onOpenChange={setRenaming}>
        <DialogContent
          className="max-w-md"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButton.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Rename conversation</DialogTitle>
            <DialogDescription>The name shown in Recent Sessions.</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void rename();
            }}
          >
            <Label htmlFor={`rename-${session.id}`}>Title</Label>
            <Input
              id={`rename-${session.id}`}
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `rename-${session.id}-error` : undefined}
            />
            {error ? (
              <p id={`rename-${session.id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter className="mt-2">
              <Button type="button" variant="outline" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                Save
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
