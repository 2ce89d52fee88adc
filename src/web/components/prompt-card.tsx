import {
  BarChart3,
  Briefcase,
  Check,
  Code2,
  Download,
  FlaskConical,
  GraduationCap,
  Loader2,
  Lock,
  type LucideIcon,
  Megaphone,
  PenLine,
  ShoppingCart,
  Sparkles,
  Star,
  TrendingUp,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { CATEGORY_LABELS, type Category } from '@shared/constants';
import type { MarketplacePrompt } from '@shared/marketplace';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Highlighted } from '@/components/highlighted';
import { TestedLine } from '@/components/test-board';
import { cn } from '@/lib/cn';
import { formatCount, formatPrice } from '@/lib/format';

const CATEGORY_ICONS: Record<Category, LucideIcon> = {
  writing: PenLine,
  development: Code2,
  marketing: Megaphone,
  education: GraduationCap,
  business: Briefcase,
  analytics: BarChart3,
};

/*
 * Tags that fit one row at the narrowest card width: at most three and about 28 characters in
 * all; the rest collapse into "+N", so every card keeps a single tag row.
 */
const MAX_TAGS = 3;
const TAG_CHAR_BUDGET = 28;

function visibleTags(tags: string[]): string[] {
  const shown: string[] = [];
  let chars = 0;
  for (const tag of tags) {
    if (shown.length === MAX_TAGS || (shown.length > 0 && chars + tag.length + 1 > TAG_CHAR_BUDGET)) break;
    shown.push(tag);
    chars += tag.length + 1;
  }
  return shown;
}

/** The playground, opened on this prompt (the playground reads `prompt`). */
const playgroundHref = (prompt: MarketplacePrompt) =>
  `/playground?${new URLSearchParams({ prompt: prompt.id })}`;

// In a narrow card the Featured and Trending badges keep their icons and drop their words
// (still read out by screen readers), so the top row never wraps.
const BADGE_LABEL = 'sr-only @[20rem]:not-sr-only';

export interface PromptCardProps {
  prompt: MarketplacePrompt;
  /**
   * Where the card sits decides its call to action (spec section 1 and 2): the home page invites a
   * signed-in visitor to the playground, the marketplace offers Try or Buy by prompt type.
   */
  variant?: 'marketplace' | 'home';
  /** Whether a user is signed in; only the home variant reads it. */
  signedIn?: boolean;
  /**
   * Buying a premium prompt on the marketplace variant (issue 7). Without it the Buy button is shown
   * disabled, as before checkout existed.
   */
  purchase?: PromptCardPurchase;
  className?: string;
  /** The words a search matched (SearchInfo.highlight): marked in the title, author, description and tags. */
  highlight?: readonly string[];
}

export interface PromptCardPurchase {
  /** Bought by the viewer: marked 'Owned' and tried like a free prompt. */
  owned: boolean;
  /** Written by the viewer: nothing to buy. */
  own: boolean;
  onBuy: () => void;
  /** This card's checkout is under way. */
  busy: boolean;
  /** Another checkout is under way. */
  disabled: boolean;
}

export function PromptCard({
  prompt,
  variant = 'marketplace',
  signedIn = false,
  purchase,
  className,
  highlight,
}: PromptCardProps) {
  const CategoryIcon = CATEGORY_ICONS[prompt.category];
  const { average, count } = prompt.analytics.rating;
  const tags = visibleTags(prompt.tags);
  const extraTags = prompt.tags.length - tags.length;
  const isPremium = prompt.type === 'premium';
  // The prompt page's breadcrumb leads back here, with this list's search and filters.
  const location = useLocation();
  const backTo = `${location.pathname}${location.search}`;

  return (
    <Card
      data-testid="prompt-card"
      data-category={prompt.category}
      data-type={prompt.type}
      className={cn(
        '@container group relative flex h-full flex-col overflow-hidden transition-[box-shadow,border-color,translate] duration-200',
        'hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-lg hover:shadow-primary/5',
        className,
      )}
    >
      <article className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="secondary" className="gap-1.5" data-testid="prompt-category">
            <CategoryIcon aria-hidden />
            {CATEGORY_LABELS[prompt.category]}
          </Badge>
          <div className="flex items-center gap-1.5">
            {prompt.metadata.featured && (
              <Badge className="bg-primary/12 text-primary" title="Featured">
                <Sparkles aria-hidden />
                <span className={BADGE_LABEL}>Featured</span>
              </Badge>
            )}
            {prompt.metadata.trending && (
              <Badge variant="success" title="Trending">
                <TrendingUp aria-hidden />
                <span className={BADGE_LABEL}>Trending</span>
              </Badge>
            )}
          </div>
        </div>

        <div className="space-y-1.5">
          <h3
            className="line-clamp-2 text-lg sm:min-h-[2lh] leading-snug font-semibold tracking-tight"
            title={prompt.title}
          >
            {/* Its ::after covers the card: a click anywhere but on the buttons opens the prompt. */}
            <Link
              to={`/marketplace/${prompt.slug}`}
              state={{ backTo }}
              className="rounded-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              <Highlighted text={prompt.title} words={highlight} />
            </Link>
          </h3>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <span
              aria-hidden
              className="grid size-5 shrink-0 place-items-center rounded-full bg-accent text-[10px] font-semibold text-accent-foreground uppercase"
            >
              {prompt.author.name.trim().charAt(0) || '?'}
            </span>
            <span className="truncate">
              by{' '}
              <span className="font-medium text-foreground/80">
                <Highlighted text={prompt.author.name} words={highlight} />
              </span>
            </span>
          </p>
        </div>

        <p className="line-clamp-3 text-sm sm:min-h-[3lh] leading-relaxed text-muted-foreground">
          <Highlighted text={prompt.description} words={highlight} />
        </p>

        <ul className="flex min-h-6 gap-1.5 overflow-hidden" aria-label="Tags">
          {tags.map((tag) => (
            <li
              key={tag}
              className="max-w-36 truncate rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground"
            >
              #<Highlighted text={tag} words={highlight} />
            </li>
          ))}
          {extraTags > 0 && (
            <li
              className="rounded-md px-1 py-0.5 text-xs text-muted-foreground"
              title={prompt.tags.join(', ')}
            >
              +{extraTags}
            </li>
          )}
        </ul>

        <TestedLine tested={prompt.tested} className="mt-auto -mb-1" />
        <div className="flex items-center gap-4 text-sm text-muted-foreground">
          <span
            className="inline-flex items-center gap-1"
            data-testid="prompt-rating"
            title={count > 0 ? `${average.toFixed(1)} out of 5 from ${count} ratings` : 'No ratings yet'}
          >
            <Star
              aria-hidden
              className={cn('size-4', count > 0 ? 'fill-warning text-warning' : 'text-muted-foreground/60')}
            />
            {count > 0 ? (
              <>
                <span className="font-medium text-foreground">{average.toFixed(1)}</span>
                <span className="text-xs">({formatCount(count)})</span>
              </>
            ) : (
              <span className="text-xs">New</span>
            )}
          </span>
          <span className="inline-flex items-center gap-1" title={`${prompt.analytics.downloads} downloads`}>
            <Download aria-hidden className="size-4" />
            <span data-testid="prompt-downloads">{formatCount(prompt.analytics.downloads)}</span>
            <span className="sr-only">downloads</span>
          </span>
        </div>
      </article>

      <div className="flex items-center justify-between gap-3 border-t bg-muted/30 px-5 py-3.5">
        <span
          data-testid="prompt-price"
          className={cn('text-lg font-semibold tabular-nums', isPremium ? 'text-foreground' : 'text-success')}
        >
          {isPremium ? formatPrice(prompt.priceMinor, prompt.currency) : 'Free'}
          {isPremium && purchase?.owned && (
            <Badge variant="success" className="ml-2 align-middle" data-testid="prompt-owned">
              <Check aria-hidden />
              Owned
            </Badge>
          )}
        </span>
        <PromptCardAction prompt={prompt} variant={variant} signedIn={signedIn} purchase={purchase} />
      </div>
    </Card>
  );
}

// Buttons sit above the card-wide link so they keep their own action. A disabled one lets the
// click through to the link: the prompt page says why it cannot be used yet.
const ABOVE_CARD_LINK = 'relative z-10';

function PromptCardAction({
  prompt,
  variant,
  signedIn,
  purchase,
}: Required<Pick<PromptCardProps, 'prompt' | 'variant' | 'signedIn'>> & Pick<PromptCardProps, 'purchase'>) {
  if (variant === 'home') {
    return signedIn ? (
      <Button asChild size="sm" className={ABOVE_CARD_LINK}>
        <Link to={playgroundHref(prompt)}>
          <FlaskConical aria-hidden />
          Try on Playground
        </Link>
      </Button>
    ) : (
      <Button size="sm" variant="secondary" disabled className={ABOVE_CARD_LINK}>
        <Lock aria-hidden />
        Login to Try
      </Button>
    );
  }
  if (prompt.type === 'premium' && purchase && !purchase.owned && !purchase.own) {
    return (
      <Button
        size="sm"
        className={ABOVE_CARD_LINK}
        onClick={purchase.onBuy}
        disabled={purchase.busy || purchase.disabled}
      >
        {purchase.busy ? <Loader2 aria-hidden className="animate-spin" /> : <ShoppingCart aria-hidden />}
        Buy Prompt
      </Button>
    );
  }
  if (prompt.type === 'premium' && !purchase) {
    // Where no checkout is wired, the button shows the price is real but cannot be used here.
    return (
      <Button size="sm" variant="secondary" disabled className={ABOVE_CARD_LINK}>
        <ShoppingCart aria-hidden />
        Buy Prompt
      </Button>
    );
  }
  return (
    <Button asChild size="sm" className={ABOVE_CARD_LINK}>
      <Link to={playgroundHref(prompt)}>
        <FlaskConical aria-hidden />
        Try in Playground
      </Link>
    </Button>
  );
}
