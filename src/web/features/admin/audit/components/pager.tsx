import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { Pagination } from '@shared/marketplace';
import { Button } from '@/components/ui/button';

/** Previous / next with 'Page 2 of 7 · 160 entries'. */
export function Pager({
  pagination,
  onPage,
  noun,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  /** Singular and plural: ['entry', 'entries']. */
  noun: [string, string];
}) {
  const { page, pages, total } = pagination;
  if (total === 0) return null;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground"
    >
      <span>
        Page {page} of {Math.max(pages, 1)} · {total.toLocaleString()} {total === 1 ? noun[0] : noun[1]}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
