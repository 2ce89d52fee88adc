import { Search, X } from 'lucide-react';
import { PROMPT_TYPES, type PromptType, SORTS, type Sort } from '@shared/constants';
import { TEST_MODEL_NAMES } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { formatCount } from '@/lib/format';

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  latest: 'Latest',
  popular: 'Most popular',
  rating: 'Highest rated',
  downloads: 'Most downloaded',
  featured: 'Featured',
  trending: 'Trending',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
};

const TYPE_LABELS: Record<PromptType, string> = { free: 'Free', premium: 'Premium' };

// A select's value is text: "no type filter" travels as this one.
const ALL = 'all';

type TestModel = (typeof TEST_MODEL_NAMES)[number];

interface MarketplaceToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  type: PromptType | null;
  /** While searching: the search's matches of each type. */
  typeCounts?: Partial<Record<PromptType, number>>;
  onTypeChange: (type: PromptType | null) => void;
  /** "Passes on <model>": only prompts whose latest version passes every test case on it. */
  passes: TestModel | null;
  onPassesChange: (passes: TestModel | null) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
}

export function MarketplaceToolbar({
  search,
  onSearchChange,
  type,
  typeCounts,
  onTypeChange,
  passes,
  onPassesChange,
  sort,
  onSortChange,
}: MarketplaceToolbarProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          name="search"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder="Search prompts, tags or creators…"
          aria-label="Search prompts"
          className="h-11 bg-card pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            onClick={() => onSearchChange('')}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {/* Native selects: the marketplace is a public page, and these need no script to draw or use. */}
      <div className="grid grid-cols-2 gap-3 md:flex">
        <NativeSelect
          aria-label="Type"
          name="type"
          value={type ?? ALL}
          onChange={(e) => onTypeChange(e.target.value === ALL ? null : (e.target.value as PromptType))}
          className="h-11 bg-card"
          containerClassName="md:w-36"
        >
          <option value={ALL}>All types</option>
          {PROMPT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
              {typeCounts?.[t] !== undefined ? ` (${formatCount(typeCounts[t])})` : ''}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Sort by"
          name="sort"
          value={sort}
          onChange={(e) => onSortChange(e.target.value as Sort)}
          className="h-11 bg-card"
          containerClassName="md:w-48"
        >
          {/*
            Relevance means something only while searching. It also stays while the URL still sorts
            by it (the box was just cleared and the URL follows after the debounce), so the select
            never shows a choice it does not hold.
          */}
          {SORTS.filter((s) => s !== 'relevance' || search.trim() || sort === 'relevance').map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Passes tests on"
          name="passes"
          value={passes ?? ALL}
          onChange={(e) => onPassesChange(e.target.value === ALL ? null : (e.target.value as TestModel))}
          className="h-11 bg-card"
          containerClassName="col-span-2 md:w-48"
        >
          <option value={ALL}>Any test results</option>
          {TEST_MODEL_NAMES.map((m) => (
            <option key={m} value={m}>
              Passes on {m}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
