import { Loader2 } from 'lucide-react';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CATEGORY_LABELS, PAGING } from '@shared/constants';
import type { MarketplacePrompt } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { checkoutKey, useCheckout } from '@/components/checkout/use-checkout';
import { PromptCard, type PromptCardPurchase } from '@/components/prompt-card';
import { PromptCardSkeleton } from '@/components/prompt-card-skeleton';
import { useAfterSessionCheck, useAuth } from '@/lib/auth';
import { rememberOrigin } from '@/lib/auth-redirect';
import { usePurchases } from '@/lib/billing/get-purchases';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { formatNumber } from '@/lib/format';
import { useCategories } from '../api/get-categories';
import { usePrompts } from '../api/get-prompts';
import { useSearchCounts } from '../api/get-search-counts';
import { CategoryPills } from '../components/category-pills';
import { MarketplaceEmpty, MarketplaceError } from '../components/marketplace-states';
import { MarketplacePagination } from '../components/marketplace-pagination';
import { MarketplaceToolbar } from '../components/marketplace-toolbar';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { promptsParamsFor, useMarketplaceFilters } from '../hooks/use-marketplace-filters';

const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_CARDS = 9;
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
/*
 * Cards off screen skip style, layout and paint until scrolled near (content-visibility), holding a
 * card's usual height meanwhile (`auto` then remembers the real one), so a page of 50 costs about
 * what the visible ones do.
 */
const OFFSCREEN_CARD = '[content-visibility:auto] [contain-intrinsic-size:auto_23rem]';

/** Cards added to the page per background step after the first screenful. */
const CARDS_PER_STEP = 6;

/**
 * How many of `total` cards to render: the first screenful at once, then CARDS_PER_STEP more per
 * step, each step a render React can interrupt and a commit of its own in a task of its own. In one
 * step, the 38 cards after the first screen took one commit of about 1 600 elements, a long task on
 * a phone.
 */
function useCardsShown(total: number): number {
  const [count, setCount] = useState(() => Math.min(total, PAGING.marketplaceFirstScreen));
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() =>
      startTransition(() => setCount((shown) => Math.min(total, shown + CARDS_PER_STEP))),
    );
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/** What the cards need to offer a premium prompt for sale (see MarketplaceCard). */
interface CardsPurchases {
  /** The ids of the prompts the viewer bought. */
  owned: ReadonlySet<string>;
  userId: string | null;
  /** The checkout under way, if any (checkoutKey). */
  activeKey: string | null;
  /** Stable across renders: it calls the page's latest buy action. */
  onBuy: (prompt: MarketplacePrompt) => void;
  /** The words the search matched, marked in the cards. */
  highlight?: readonly string[];
}

/**
 * A card of the marketplace, drawn again only when its prompt or its own purchase state changes:
 * when the rest of the page arrives after the first screenful, or a like changes one prompt, the
 * cards already on screen keep their render (the query keeps the objects of prompts that did not
 * change), instead of all being drawn again in one task.
 */
const MarketplaceCard = memo(function MarketplaceCard({
  prompt,
  owned,
  own,
  busy,
  disabled,
  onBuy,
  highlight,
}: Omit<PromptCardPurchase, 'onBuy'> & {
  prompt: MarketplacePrompt;
  onBuy: CardsPurchases['onBuy'];
  highlight?: readonly string[];
}) {
  const purchase: PromptCardPurchase = { owned, own, busy, disabled, onBuy: () => onBuy(prompt) };
  return <PromptCard prompt={prompt} purchase={purchase} className={OFFSCREEN_CARD} highlight={highlight} />;
});

/** A page of cards; the ones below the first screenful arrive a few at a time (useCardsShown). */
function PromptCards({ prompts, purchases }: { prompts: MarketplacePrompt[]; purchases: CardsPurchases }) {
  const count = useCardsShown(prompts.length);
  const { owned, userId, activeKey, onBuy, highlight } = purchases;
  return prompts
    .slice(0, count)
    .map((prompt) => (
      <MarketplaceCard
        key={prompt.id}
        prompt={prompt}
        owned={owned.has(prompt.id)}
        own={userId !== null && prompt.author.id === userId}
        busy={activeKey === checkoutKey({ promptId: prompt.id })}
        disabled={activeKey !== null}
        onBuy={onBuy}
        highlight={highlight}
      />
    ));
}

export function MarketplacePage() {
  const { filters, update, clear, isFiltered } = useMarketplaceFilters();

  // The box answers every keystroke; the URL (and so the request) follows once typing pauses.
  const [searchInput, setSearchInput] = useState(filters.search);
  const [syncedSearch, setSyncedSearch] = useState(filters.search);
  if (filters.search !== syncedSearch) {
    // The URL changed under us (Back, a link, Clear filters): show what it now says.
    setSyncedSearch(filters.search);
    setSearchInput(filters.search);
  }
  const [commitSearch, cancelSearch] = useDebouncedCallback(
    (value: string) => update({ search: value }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  const query = usePrompts(promptsParamsFor(filters));
  const { data, isPending, isError, isFetching, isPlaceholderData, error, errorUpdatedAt, refetch } = query;
  const categories = useCategories();
  // While searching, the filters count the search's matches (each under the other filter).
  const searched = filters.search.trim();
  const searchCounts = useSearchCounts(
    searched
      ? { search: searched, category: filters.category ?? undefined, type: filters.type ?? undefined }
      : null,
  );
  const categoryCounts = useMemo(
    () =>
      searched
        ? searchCounts.data?.categories
        : categories.data
          ? Object.fromEntries(categories.data.categories.map((c) => [c.id, c.count]))
          : undefined,
    [searched, searchCounts.data, categories.data],
  );
  const typeCounts = searched ? searchCounts.data?.types : undefined;

  // One toast per failure (the query is silent in the global handler so it is not toasted twice).
  const toastedAt = useRef(0);
  useEffect(() => {
    if (!isError || toastedAt.current === errorUpdatedAt) return;
    toastedAt.current = errorUpdatedAt;
    showErrorToast(error, {
      title: 'Error loading prompts',
      description: 'Failed to load marketplace prompts. Please try again.',
    });
  }, [isError, error, errorUpdatedAt]);

  function onSearchChange(value: string) {
    setSearchInput(value);
    commitSearch(value);
  }

  function clearAll() {
    cancelSearch();
    setSearchInput('');
    clear();
  }

  function goToPage(page: number) {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  // Buying (issue 7): signed-in users pay in place; visitors log in first and come back here.
  const { user } = useAuth();
  const afterSessionCheck = useAfterSessionCheck();
  const purchases = usePurchases();
  const owned = useMemo(() => new Set(purchases.data?.map((p) => p.promptId)), [purchases.data]);
  const checkout = useCheckout();
  const navigate = useNavigate();
  const location = useLocation();
  const buy = (prompt: MarketplacePrompt) =>
    afterSessionCheck((signedIn) =>
      signedIn
        ? checkout.start({ promptId: prompt.id })
        : void navigate(PAGE_PATHS.login, { state: rememberOrigin(location) }),
    );
  const buyRef = useRef(buy);
  useEffect(() => {
    buyRef.current = buy;
  });
  const onBuy = useCallback((prompt: MarketplacePrompt) => buyRef.current(prompt), []);
  const cardsPurchases: CardsPurchases = {
    owned,
    userId: user?.id ?? null,
    activeKey: checkout.activeKey,
    onBuy,
    highlight: data?.search?.highlight,
  };
  const suggestion = data?.search?.suggestion ?? null;
  const searchFor = (text: string) => {
    cancelSearch();
    setSearchInput(text);
    update({ search: text });
  };

  const total = data?.pagination.total ?? 0;
  const shown = data?.prompts.length ?? 0;
  const updating = isFetching && isPlaceholderData;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Marketplace</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Discover prompts that work</h1>
        <p className="mt-3 text-muted-foreground">
          Browse prompts from the community, try the free ones in the playground and find premium prompts for
          the jobs that matter.
        </p>
      </header>

      <div className="mt-8 flex flex-col gap-4">
        <MarketplaceToolbar
          search={searchInput}
          onSearchChange={onSearchChange}
          type={filters.type}
          typeCounts={typeCounts}
          onTypeChange={(type) => update({ type })}
          passes={filters.passes}
          onPassesChange={(passes) => update({ passes })}
          sort={filters.sort}
          onSortChange={(sort) => update({ sort })}
        />
        <CategoryPills
          value={filters.category}
          onChange={(category) => update({ category })}
          counts={categoryCounts}
        />
      </div>

      <div className="mt-8 flex min-h-6 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {data && (
          <p data-testid="result-count">
            {shown < total ? (
              <>
                Showing <span className="font-medium text-foreground">{formatNumber(shown)}</span> of{' '}
                <span className="font-medium text-foreground">{formatNumber(total)}</span> prompts
              </>
            ) : (
              <>
                <span className="font-medium text-foreground">{formatNumber(total)}</span>{' '}
                {total === 1 ? 'prompt' : 'prompts'}
              </>
            )}
            {filters.search.trim() && (
              <>
                {' '}
                for <span className="font-medium text-foreground">“{filters.search.trim()}”</span>
              </>
            )}
          </p>
        )}
        {data && suggestion && (
          <p data-testid="search-suggestion">
            Did you mean{' '}
            <button
              type="button"
              onClick={() => searchFor(suggestion)}
              className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
            >
              {suggestion}
            </button>
            ?
          </p>
        )}
        {updating && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {isPending && <p>Loading prompts…</p>}
      </div>

      <div className="mt-4">
        {/* The cards' titles are h3: one heading level per step for screen reader navigation. */}
        <h2 className="sr-only">Prompts</h2>
        {/* A failed refresh of cards already shown (the rest of the page the server rendered the
            first screenful of, say) keeps them, with the error and its retry below them. */}
        {isError && !data ? (
          <MarketplaceError onRetry={() => void refetch()} retrying={isFetching} />
        ) : isPending ? (
          <div className={GRID} aria-busy="true" aria-label="Loading prompts">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <PromptCardSkeleton key={i} />
            ))}
          </div>
        ) : data.prompts.length === 0 ? (
          <MarketplaceEmpty
            onClear={clearAll}
            filtered={isFiltered || filters.page > 1}
            search={searched}
            filters={[
              filters.category ? CATEGORY_LABELS[filters.category] : null,
              filters.type ? (filters.type === 'free' ? 'Free' : 'Premium') : null,
              filters.passes ? `Passes on ${filters.passes}` : null,
            ].filter((f): f is string => f !== null)}
          />
        ) : (
          <div className="flex flex-col gap-10">
            <div
              className={cn(GRID, 'transition-opacity', updating && 'opacity-60')}
              aria-busy={updating}
              data-testid="prompt-grid"
            >
              <PromptCards prompts={data.prompts} purchases={cardsPurchases} />
            </div>
            {isError && <MarketplaceError onRetry={() => void refetch()} retrying={isFetching} />}
            <MarketplacePagination
              page={filters.page}
              pages={data.pagination.pages}
              onPageChange={goToPage}
            />
          </div>
        )}
      </div>
      {checkout.dialog}
    </div>
  );
}
