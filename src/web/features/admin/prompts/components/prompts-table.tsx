import type { ReactNode } from 'react';
import {
  CopyIcon,
  CrownIcon,
  EllipsisIcon,
  EyeIcon,
  HeartIcon,
  PencilIcon,
  ShieldCheckIcon,
  StarIcon,
  Trash2Icon,
  TrendingUpIcon,
} from 'lucide-react';
import type { AdminPrompt } from '@shared/admin-prompts';
import { CATEGORY_LABELS } from '@shared/constants';
import { Highlighted } from '@/components/highlighted';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCount, formatMoney, formatPrice } from '@/lib/format';
import { PromptStatusBadge } from '@/components/prompt-status-badge';

export interface PromptRowActions {
  onToggleFeatured: (prompt: AdminPrompt) => void;
  onToggleTrending: (prompt: AdminPrompt) => void;
  onEdit: (prompt: AdminPrompt) => void;
  onModerate: (prompt: AdminPrompt) => void;
  onDelete: (prompt: AdminPrompt) => void;
  /** The prompt whose toggle is on its way to the server. */
  busyId: string | null;
}

/** The spec's columns: Title, Author (with e-mail), Category, Type, Status, Analytics (with revenue), Actions. */
export function PromptsTable({
  prompts,
  actions,
  highlight,
}: {
  prompts: AdminPrompt[];
  actions: PromptRowActions;
  /** The words a search matched, marked in the title, description and author. */
  highlight?: readonly string[];
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="min-w-48">Title</TableHead>
          <TableHead>Author</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Analytics</TableHead>
          <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {prompts.map((p) => (
          <TableRow key={p.id} data-testid="admin-prompt-row" data-prompt-id={p.id}>
            <TableCell className="max-w-48">
              <div className="flex items-center gap-1.5">
                <span className="truncate font-medium" title={p.title}>
                  <Highlighted text={p.title} words={highlight} />
                </span>
                {p.featured ? (
                  <StarIcon
                    className="size-3.5 shrink-0 fill-amber-400 text-amber-400"
                    aria-label="Featured"
                  />
                ) : null}
                {p.trending ? (
                  <TrendingUpIcon className="size-3.5 shrink-0 text-rose-500" aria-label="Trending" />
                ) : null}
              </div>
              <p className="mt-0.5 line-clamp-1 text-xs text-muted-foreground">
                <Highlighted text={p.description} words={highlight} />
              </p>
              {p.nearDuplicate ? (
                <a
                  href={`/marketplace/${encodeURIComponent(p.nearDuplicate.slug)}`}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 inline-flex max-w-full items-center gap-1 rounded-full bg-warning/20 px-2 py-0.5 text-xs font-medium text-warning hover:underline"
                  title={`Its text is ${Math.round(p.nearDuplicate.similarity * 100)}% similar to "${p.nearDuplicate.title}" by another creator`}
                  data-testid="near-duplicate-flag"
                >
                  <CopyIcon className="size-3 shrink-0" aria-hidden />
                  <span className="truncate">
                    Near copy of {p.nearDuplicate.title} ({Math.round(p.nearDuplicate.similarity * 100)}%)
                  </span>
                </a>
              ) : null}
            </TableCell>
            <TableCell>
              <div className="max-w-36 truncate text-sm">
                <Highlighted text={p.author.name} words={highlight} />
              </div>
              <div className="max-w-36 truncate text-xs text-muted-foreground">{p.author.email}</div>
            </TableCell>
            <TableCell>
              <Badge variant="outline">{CATEGORY_LABELS[p.category]}</Badge>
            </TableCell>
            <TableCell>
              {p.type === 'premium' ? (
                <Badge variant="warning">
                  <CrownIcon aria-hidden />
                  {formatPrice(p.priceMinor, p.currency)}
                </Badge>
              ) : (
                <Badge variant="secondary">Free</Badge>
              )}
            </TableCell>
            <TableCell>
              <PromptStatusBadge status={p.status} />
            </TableCell>
            <TableCell>
              <div className="flex items-center gap-3 text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                <span className="inline-flex items-center gap-1" title="Views">
                  <EyeIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">Views</span>
                  {formatCount(p.analytics.views)}
                </span>
                <span className="inline-flex items-center gap-1" title="Likes">
                  <HeartIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">Likes</span>
                  {formatCount(p.analytics.likes)}
                </span>
              </div>
              <div
                className="mt-1 text-xs font-medium tabular-nums"
                title="Creator earnings (sales less refunds)"
              >
                {formatMoney(p.analytics.revenueMinor, p.currency)} revenue
              </div>
            </TableCell>
            <TableCell className="sticky right-0 bg-card">
              <div className="flex justify-end gap-0.5">
                <IconAction
                  label={p.featured ? `Unfeature ${p.title}` : `Feature ${p.title}`}
                  title={p.featured ? 'Remove from featured' : 'Feature'}
                  pressed={p.featured}
                  disabled={actions.busyId === p.id}
                  onClick={() => actions.onToggleFeatured(p)}
                  className={p.featured ? 'text-amber-500' : undefined}
                >
                  <StarIcon className={cn(p.featured && 'fill-current')} />
                </IconAction>
                <IconAction
                  label={p.trending ? `Stop trending ${p.title}` : `Mark ${p.title} trending`}
                  title={p.trending ? 'Remove from trending' : 'Mark as trending'}
                  pressed={p.trending}
                  disabled={actions.busyId === p.id}
                  onClick={() => actions.onToggleTrending(p)}
                  className={p.trending ? 'text-rose-500' : undefined}
                >
                  <TrendingUpIcon />
                </IconAction>
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`More actions for ${p.title}`}
                      title="More actions"
                      className="size-8 text-muted-foreground [&_svg]:size-4"
                    >
                      <EllipsisIcon />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => actions.onEdit(p)}>
                      <PencilIcon aria-hidden />
                      Edit
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => actions.onModerate(p)}>
                      <ShieldCheckIcon aria-hidden />
                      Change status
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => actions.onDelete(p)}>
                      <Trash2Icon aria-hidden />
                      Delete
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function IconAction({
  label,
  title,
  pressed,
  className,
  children,
  ...props
}: {
  label: string;
  title: string;
  pressed?: boolean;
  className?: string;
  children: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      className={cn('size-8 text-muted-foreground [&_svg]:size-4', className)}
      {...props}
    >
      {children}
    </Button>
  );
}
