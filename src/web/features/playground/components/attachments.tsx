import { FileTextIcon, ImageIcon, Loader2Icon, PaperclipIcon, XIcon } from 'lucide-react';
import { useRef } from 'react';
import type { Upload } from '@shared/playground';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';
import { useUploadUrl } from '../api/uploads';
import type { PendingFile } from '../hooks/use-attachments';

/** The composer's paperclip: picks images or PDF files, as the chosen model can read them. */
export function AttachButton({
  onPick,
  capabilities,
  modelName,
  full,
  disabled,
}: {
  onPick: (files: File[]) => void;
  capabilities: { images: boolean; pdf: boolean };
  modelName: string;
  full: boolean;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const accept = [
    ...(capabilities.images ? ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] : []),
    ...(capabilities.pdf ? ['application/pdf'] : []),
  ];
  const reads =
    capabilities.images && capabilities.pdf
      ? 'images or PDF files'
      : capabilities.images
        ? 'images'
        : 'PDF files';
  const title =
    accept.length === 0
      ? `${modelName} cannot read files`
      : full
        ? 'At most 5 files a message'
        : `Attach ${reads} (${modelName} reads them)`;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9 shrink-0 rounded-full text-muted-foreground hover:text-foreground"
        aria-label="Attach files"
        title={title}
        disabled={disabled || full || accept.length === 0}
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon aria-hidden className="size-4.5!" />
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept.join(',')}
        data-testid="attach-input"
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </>
  );
}

const FileIcon = ({ image }: { image: boolean }) =>
  image ? (
    <ImageIcon aria-hidden className="size-4 shrink-0" />
  ) : (
    <FileTextIcon aria-hidden className="size-4 shrink-0" />
  );

const isImageName = (name: string) => /\.(png|jpe?g|gif|webp)$/i.test(name);

/** The files picked for the next message, above the message box. */
export function PendingAttachments({
  files,
  onRemove,
}: {
  files: PendingFile[];
  onRemove: (key: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    // Polite: a file's upload finishing or failing (its reason) is heard, not only seen.
    <ul className="flex flex-wrap gap-2 px-3 pt-3" aria-label="Files to send" aria-live="polite">
      {files.map((f) => (
        <li
          key={f.key}
          className={cn(
            'flex max-w-full min-w-0 items-center gap-2 rounded-lg border bg-background py-1.5 pr-1 pl-2.5 text-xs',
            f.status === 'failed' && 'border-destructive/50 bg-destructive/5',
          )}
          data-status={f.status}
        >
          {f.status === 'uploading' ? (
            <>
              <Loader2Icon aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground" />
              <span className="sr-only">Uploading</span>
            </>
          ) : (
            <FileIcon image={f.upload ? f.upload.mediaType.startsWith('image/') : isImageName(f.name)} />
          )}
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{f.name}</span>
            <span className={f.error ? 'text-destructive' : 'text-muted-foreground'}>
              {f.error ?? formatBytes(f.size)}
            </span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6 shrink-0"
            aria-label={`Remove ${f.name}`}
            onClick={() => onRemove(f.key)}
          >
            <XIcon aria-hidden className="size-3.5!" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Files sent with a user message: images as thumbnails, other files as their name and size. */
export function MessageAttachments({ attachments }: { attachments: Upload[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex max-w-[88%] flex-wrap justify-end gap-2 sm:max-w-[80%]" aria-label="Attached files">
      {attachments.map((a) => (
        <li key={a.id}>
          <AttachmentLink attachment={a} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentLink({ attachment }: { attachment: Upload }) {
  const image = attachment.mediaType.startsWith('image/');
  const url = useUploadUrl(attachment.id, true);
  const label = `${attachment.name} (${formatBytes(attachment.size)})`;
  if (image && url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" title={label} className="block">
        <img src={url} alt={attachment.name} className="size-20 rounded-lg border object-cover" />
      </a>
    );
  }
  return (
    <a
      href={url ?? undefined}
      download={attachment.name}
      title={label}
      className="flex max-w-64 items-center gap-2 rounded-lg border bg-card px-2.5 py-1.5 text-xs hover:bg-accent"
    >
      <FileIcon image={image} />
      <span className="min-w-0">
        <span className="block truncate font-medium">{attachment.name}</span>
        <span className="text-muted-foreground">{formatBytes(attachment.size)}</span>
      </span>
    </a>
  );
}
