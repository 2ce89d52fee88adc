import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { PROMPT_TYPES, type PromptType, SORTS, type Sort } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

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

// Radix Select cannot hold an empty value, so "no type filter" travels as this sentinel.
const ALL = 'all';

/*
 * A closed Radix Select still renders its list (outside the document) to know its items, and
 * renders again as each one registers: on the server-rendered marketplace that was a synchronous
 * pass of its own when the page finished hydrating. The lists mount when their select is first
 * pointed at, focused or opened instead; nothing uses them before (the trigger names the choice).
 */
function useListOnDemand() {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return {
    wanted,
    trigger: { onPointerEnter: want, onFocus: want },
    onOpenChange: (open: boolean) => {
      if (open) want();
    },
  };
}

interface MarketplaceToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  type: PromptType | null;
  onTypeChange: (type: PromptType | null) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
}

export function MarketplaceToolbar({
  search,
  onSearchChange,
  type,
  onTypeChange,
  sort,
  onSortChange,
}: MarketplaceToolbarProps) {
  const typeList = useListOnDemand();
  const sortList = useListOnDemand();
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
      <div className="grid grid-cols-2 gap-3 md:flex">
        <Select
          value={type ?? ALL}
          onValueChange={(v) => onTypeChange(v === ALL ? null : (v as PromptType))}
          onOpenChange={typeList.onOpenChange}
        >
          <SelectTrigger aria-label="Type" className="h-11 bg-card md:w-36" {...typeList.trigger}>
            {/* Named here, not taken from the open list, so it shows in the server-rendered page too. */}
            <SelectValue>{type ? TYPE_LABELS[type] : 'All types'}</SelectValue>
          </SelectTrigger>
          {typeList.wanted && (
            <SelectContent>
              <SelectItem value={ALL}>All types</SelectItem>
              {PROMPT_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          )}
        </Select>
        <Select
          value={sort}
          onValueChange={(v) => onSortChange(v as Sort)}
          onOpenChange={sortList.onOpenChange}
        >
          <SelectTrigger aria-label="Sort by" className="h-11 bg-card md:w-48" {...sortList.trigger}>
            <SelectValue>{SORT_LABELS[sort]}</SelectValue>
          </SelectTrigger>
          {sortList.wanted && (
            <SelectContent>
              {/*
              Relevance means something only while searching. It also stays while the URL still
              sorts by it (the box was just cleared and the URL follows after the debounce), so the
              trigger never shows an empty value.
            */}
              {SORTS.filter((s) => s !== 'relevance' || search.trim() || sort === 'relevance').map((s) => (
                <SelectItem key={s} value={s}>
                  {SORT_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          )}
        </Select>
      </div>
    </div>
  );
}
