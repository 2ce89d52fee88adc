import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_FILTER_CATEGORIES } from '@shared/admin-prompts';
import { CATEGORY_LABELS, PROMPT_STATUSES, PROMPT_TYPES } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { PromptFilters as Filters } from '../lib/filters';

const STATUS_LABELS = {
  draft: 'Draft (pending)',
  published: 'Published',
  archived: 'Archived',
  rejected: 'Rejected',
};
const TYPE_LABELS = { free: 'Free', premium: 'Premium' };
const SEARCH_DELAY_MS = 300;

/** Search, status, category (without analytics, as the spec's admin filter) and type. */
export function PromptFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Partial<Filters>) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  // The URL wins when it changes from outside (the header search).
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const filtered =
    filters.search !== '' || filters.status !== 'all' || filters.category !== 'all' || filters.type !== 'all';

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search title, description, author or e-mail…"
          aria-label="Search prompts"
          className="pl-9"
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-3 lg:flex">
        <Select
          value={filters.status}
          onValueChange={(v) => onChange({ status: v as Filters['status'], page: 1 })}
        >
          <SelectTrigger aria-label="Status" className="lg:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {PROMPT_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filters.category}
          onValueChange={(v) => onChange({ category: v as Filters['category'], page: 1 })}
        >
          <SelectTrigger aria-label="Category" className="lg:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All categories</SelectItem>
            {ADMIN_FILTER_CATEGORIES.map((c) => (
              <SelectItem key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.type} onValueChange={(v) => onChange({ type: v as Filters['type'], page: 1 })}>
          <SelectTrigger aria-label="Type" className="lg:w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All types</SelectItem>
            {PROMPT_TYPES.map((t) => (
              <SelectItem key={t} value={t}>
                {TYPE_LABELS[t]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start lg:self-auto"
          onClick={() => {
            setSearch('');
            onChange({ search: '', status: 'all', category: 'all', type: 'all', page: 1 });
          }}
        >
          <XIcon aria-hidden />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
