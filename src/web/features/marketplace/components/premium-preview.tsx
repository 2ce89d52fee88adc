import { Loader2, Lock, ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';
import { HighlightedPrompt } from '@/components/highlighted-prompt';

// Stand-in lines under the preview: they say "there is more" without carrying any of it.
const GHOST_LINES = ['w-11/12', 'w-4/5', 'w-full', 'w-2/3', 'w-5/6', 'w-3/4'];

interface PremiumPreviewProps {
  preview: string;
  priceMinor: number;
  currency: string;
  /** Starts the checkout (or, for a visitor, the login that comes first). */
  onBuy: () => void;
  buying: boolean;
}

/**
 * A premium prompt the viewer may not read: the server's short opening, fading out, and what it costs.
 * The full text is never requested, so it cannot reach this page.
 */
export function PremiumPreview({ preview, priceMinor, currency, onBuy, buying }: PremiumPreviewProps) {
  return (
    <section
      aria-labelledby="premium-heading"
      className="relative overflow-hidden rounded-xl border bg-card shadow-sm"
      data-testid="premium-preview"
    >
      <div className="flex items-center gap-2 border-b bg-muted/40 px-4 py-2.5 text-sm font-semibold">
        <Lock className="size-4 text-muted-foreground" aria-hidden />
        Preview
      </div>
      <div className="relative px-4 pt-4 pb-2 sm:px-5" aria-describedby="premium-note">
        <p className="font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap sm:text-sm [mask-image:linear-gradient(to_bottom,black_55%,rgb(0_0_0/0.3))]">
          <HighlightedPrompt content={preview} />
        </p>
        <div aria-hidden className="mt-3 space-y-2.5 opacity-70 blur-[2px]">
          {GHOST_LINES.map((width, i) => (
            <div
              key={i}
              className={`h-3 rounded bg-muted-foreground/15 ${width}`}
              style={{ opacity: 1 - i * 0.15 }}
            />
          ))}
        </div>
        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-card to-transparent" />
      </div>

      <div className="relative flex flex-col items-center border-t bg-gradient-to-b from-card to-muted/40 px-6 pt-6 pb-7 text-center">
        <div className="grid size-11 place-items-center rounded-full bg-primary/12 text-primary">
          <Lock className="size-5" aria-hidden />
        </div>
        <h2 id="premium-heading" className="mt-3 text-lg font-semibold">
          Premium prompt
        </h2>
        <p id="premium-note" className="mt-1 max-w-sm text-sm text-muted-foreground">
          The full text is for buyers. The preview above shows how it opens.
        </p>
        <p className="mt-4 text-3xl font-bold tracking-tight tabular-nums" data-testid="premium-price">
          {formatPrice(priceMinor, currency)}
        </p>
        <p className="text-xs text-muted-foreground">one-time purchase</p>
        <Button size="lg" className="mt-4" onClick={onBuy} disabled={buying}>
          {buying ? <Loader2 aria-hidden className="animate-spin" /> : <ShoppingCart aria-hidden />}
          Buy Prompt
        </Button>
        <p className="mt-2 text-xs text-muted-foreground">
          Yours to keep, with every update the author makes.
        </p>
      </div>
    </section>
  );
}
