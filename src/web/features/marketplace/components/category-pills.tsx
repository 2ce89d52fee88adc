import { LayoutGrid } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@shared/constants';
import { cn } from '@/lib/cn';

interface CategoryPillsProps {
  value: Category | null;
  onChange: (category: Category | null) => void;
}

/** All seven choices visible at once: one tap instead of opening a menu; scrolls sideways on phones. */
export function CategoryPills({ value, onChange }: CategoryPillsProps) {
  const options: { value: Category | null; label: string }[] = [
    { value: null, label: 'All' },
    ...CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
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
              'inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              active
                ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                : 'bg-card text-muted-foreground hover:border-primary/40 hover:text-foreground',
            )}
          >
            {option.value === null && <LayoutGrid className="size-3.5" aria-hidden />}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
