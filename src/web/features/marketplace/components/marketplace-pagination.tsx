import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface MarketplacePaginationProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

export function MarketplacePagination({ page, pages, onPageChange }: MarketplacePaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 border-t pt-6">
      <Button variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page <span className="font-medium text-foreground">{page}</span> of{' '}
        <span className="font-medium text-foreground">{pages}</span>
      </p>
      <Button variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
