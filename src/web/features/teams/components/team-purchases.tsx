import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import type { TeamPurchase } from '@shared/teams';
import { formatDate, formatPrice } from '@/lib/format';
import { TeamPromptActions } from './team-prompt-actions';

/** The prompts bought for the team (decision 063): every member reads them while in the team. */
export function TeamPurchases({ purchases, manager }: { purchases: TeamPurchase[]; manager: boolean }) {
  if (purchases.length === 0) {
    return (
      <div className="grid gap-3 text-sm text-muted-foreground" data-testid="team-purchases-empty">
        <p>
          {manager
            ? 'Nothing bought for the team yet. On a premium prompt’s page, choose “Buy for” your team: one purchase, and every member can use it.'
            : 'Nothing bought for the team yet. The team’s owner or an admin can buy premium prompts for everyone.'}
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.marketplace}>Browse the marketplace</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Prompts bought for the team">
      {purchases.map((p) => (
        <li key={p.promptId} data-testid="team-purchase" className="grid gap-3 rounded-lg border p-4">
          <div className="grid min-w-0 gap-1">
            <Link
              to={PAGE_PATHS.marketplacePrompt.replace(':id', p.slug)}
              className="font-medium break-words hover:underline"
            >
              {p.title}
            </Link>
            <p className="text-xs text-muted-foreground">
              By {p.authorName} · {formatPrice(p.amountMinor, p.currency)} · bought{' '}
              {p.boughtBy ? `by ${p.boughtBy} ` : ''}on {formatDate(p.purchasedAt)}
            </p>
          </div>
          <TeamPromptActions slug={p.slug} promptId={p.promptId} />
        </li>
      ))}
    </ul>
  );
}
