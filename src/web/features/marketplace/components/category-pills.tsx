import { LayoutGrid } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@shared/constants';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

interface CategoryPillsProps {
  value: Category | null;
  onChange: (category: Category | null) => void;
  /** Published prompts per category; the pills show them once they have loaded. */
  counts?: Partial<Record<Category, number>>;
}

/** All seven choices visible at once: one tap instead of opening a menu; scrolls sideways on phones. */
export function CategoryPills({ value, onChange, counts }: CategoryPillsProps) {
  const total = counts ? CATEGORIES.reduce((sum, c) => sum + (counts[c] ?? 0), 0) : undefined;
  const options: { value: Category | null; label: string; count: number | undefined }[] = [
    { value: null, label: 'All', count: total },
    ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c], count: counts?.[c] })),
  ];
  return (
    <div
      role="group"
      aria-label="Category"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={cn(
              // relative: the count's screen-reader words (absolutely positioned) stay inside the
              // button, and so inside the row that scrolls; placed against the page, they made it
              // 918 px wide on a phone.
              'relative inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              active
                ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                : 'bg-card text-muted-foreground hover:border-primary/40 hover:text-foreground',
            )}
          >
            {option.value === null && <LayoutGrid className="size-3.5" aria-hidden />}
            {option.label}
            {option.count !== undefined && (
              <span
                data-testid="category-count"
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  // Lighter on the dark theme's purple, darker on the light one's: the count keeps AA contrast.
                  active ? 'bg-foreground/15' : 'bg-muted text-muted-foreground',
                )}
              >
                <span className="sr-only">(</span>
                {formatCount(option.count)}
                <span className="sr-only"> prompts)</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
