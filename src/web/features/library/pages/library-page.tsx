import {
  DownloadIcon,
  GitForkIcon,
  HeartIcon,
  LoaderCircleIcon,
  LockIcon,
  ShoppingBagIcon,
  SparklesIcon,
  UsersIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { CATEGORY_LABELS } from '@shared/constants';
import type { LibraryItem, LibraryRelation } from '@shared/library';
import { PAGE_PATHS } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useExportLibrary } from '../api/export-library';
import { useLibrary } from '../api/get-library';

const RELATIONS: Record<LibraryRelation, { label: string; Icon: typeof HeartIcon }> = {
  bought: { label: 'Bought', Icon: ShoppingBagIcon },
  liked: { label: 'Liked', Icon: HeartIcon },
  remixed: { label: 'Your remix', Icon: GitForkIcon },
  team: { label: 'Team library', Icon: UsersIcon },
};

/** /library: the prompts the user bought, liked and remixed, and all of them as a file (issue 57). */
export function LibraryPage() {
  const library = useLibrary();
  const exporter = useExportLibrary();
  useEffect(() => {
    document.title = 'My library · Promptforge';
  }, []);
  const run = (format: 'md' | 'json') =>
    exporter.mutate(format, {
      onSuccess: (name) => withToast((toast) => toast.success('Library exported', { description: name })),
    });
  const busy = exporter.isPending ? exporter.variables : null;
  const items = library.data?.items;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My library</h1>
          <p className="mt-1.5 text-muted-foreground">The prompts you bought, liked and remixed.</p>
        </div>
        <div className="flex gap-2">
          {(['md', 'json'] as const).map((format) => (
            <Button
              key={format}
              variant="outline"
              disabled={busy !== null || !items?.length}
              onClick={() => run(format)}
            >
              {busy === format ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden />
              ) : (
                <DownloadIcon aria-hidden />
              )}
              {format === 'md' ? 'Export Markdown' : 'Export JSON'}
            </Button>
          ))}
        </div>
      </div>

      <div className="mt-8 grid gap-3" aria-live="polite">
        {library.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-28 w-full rounded-xl" />)
        ) : library.isError ? (
          <Card className="p-6 text-center">
            <p className="font-medium">Failed to load your library.</p>
            <Button className="mt-3" variant="outline" onClick={() => void library.refetch()}>
              Try again
            </Button>
          </Card>
        ) : items && items.length > 0 ? (
          items.map((item) => <LibraryCard key={item.id} item={item} />)
        ) : (
          <Card className="p-8 text-center">
            <p className="font-medium">Your library is empty</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Prompts you buy, like or remix in the marketplace show up here.
            </p>
            <Button asChild className="mt-4">
              <Link to={PAGE_PATHS.marketplace}>Browse the marketplace</Link>
            </Button>
          </Card>
        )}
      </div>
    </div>
  );
}

function LibraryCard({ item }: { item: LibraryItem }) {
  return (
    <Card className="p-5" data-testid="library-item">
      <div className="flex flex-wrap items-center gap-2">
        {item.relations.map((r) => {
          const { label, Icon } = RELATIONS[r];
          // A team's purchase says whose it is: it leaves the library with the team (decision 071).
          const team = r === 'bought' ? item.boughtFor?.team : undefined;
          return (
            <Badge
              key={r}
              variant={r === 'bought' ? 'default' : 'secondary'}
              className="max-w-full"
              data-testid={team ? 'library-team-purchase' : undefined}
            >
              {team ? <UsersIcon aria-hidden /> : <Icon aria-hidden />}
              <span className="truncate">{team ? `Bought for ${team}` : label}</span>
            </Badge>
          );
        })}
        <Badge variant="outline">{CATEGORY_LABELS[item.category]}</Badge>
        <Badge variant="outline" title={item.licence.summary}>
          {item.licence.label}
        </Badge>
        {item.updated ? (
          <Badge variant="success" data-testid="library-updated">
            <SparklesIcon aria-hidden />
            Updated
          </Badge>
        ) : null}
        {!item.readable ? (
          <Badge variant="warning" title="Its text comes with buying it">
            <LockIcon aria-hidden />
            Premium
          </Badge>
        ) : null}
      </div>
      <h2 className="mt-2.5 text-base leading-snug font-semibold break-words">
        {item.relations.includes('remixed') ? (
          item.title
        ) : (
          <Link
            to={`${PAGE_PATHS.marketplace}/${encodeURIComponent(item.slug)}`}
            className="underline-offset-4 hover:underline"
          >
            {item.title}
          </Link>
        )}
      </h2>
      <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
      {item.updated ? <UpdateLine item={item} /> : null}
      <p className="mt-2 text-xs text-muted-foreground">
        by {item.author} · version {item.version} · updated{' '}
        <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
        {item.remixOf ? (
          <>
            {' · based on '}
            <Link
              to={`${PAGE_PATHS.marketplace}/${encodeURIComponent(item.remixOf.slug)}`}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              {item.remixOf.title}
            </Link>
          </>
        ) : null}
      </p>
    </Card>
  );
}

/**
 * "v3 → v5": the version the user last saw and the current one, linking to the changes between
 * them (or, when its text is locked, to the version notes). Opening it clears the badge.
 */
function UpdateLine({ item }: { item: LibraryItem }) {
  const page = `${PAGE_PATHS.marketplace}/${encodeURIComponent(item.slug)}`;
  const to = item.readable
    ? `${page}?from=${item.seenVersion}&to=${item.version}#versions`
    : `${page}#versions`;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-medium">
        <span className="sr-only">New version since you last looked: </span>v{item.seenVersion} → v
        {item.version}
      </span>
      <Link to={to} className="font-medium text-primary underline underline-offset-4">
        {item.readable ? 'See what changed' : 'See the version notes'}
      </Link>
    </p>
  );
}
