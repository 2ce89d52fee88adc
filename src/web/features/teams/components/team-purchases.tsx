import { PAGE_PATHS } from '@shared/routes';
import type { TeamPurchase } from '@shared/teams';
import { formatDate, formatPrice } from '@/lib/format';
import { TeamPromptItem, TeamPromptsEmpty } from './team-prompt-list';

/** The prompts bought for the team (decision 063): every member reads them while in the team. */
export function TeamPurchases({ purchases, manager }: { purchases: TeamPurchase[]; manager: boolean }) {
  if (purchases.length === 0) {
    return (
      <TeamPromptsEmpty
        testId="team-purchases-empty"
        to={PAGE_PATHS.marketplace}
        label="Browse the marketplace"
      >
        {manager
          ? 'Nothing bought for the team yet. On a premium prompt’s page, choose “Buy for” your team: one purchase, and every member can use it.'
          : 'Nothing bought for the team yet. The team’s owner or an admin can buy premium prompts for everyone.'}
      </TeamPromptsEmpty>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Prompts bought for the team">
      {purchases.map((p) => (
        <TeamPromptItem
          key={p.promptId}
          testId="team-purchase"
          slug={p.slug}
          promptId={p.promptId}
          title={p.title}
        >
          <p className="text-xs text-muted-foreground">
            By {p.authorName} · {formatPrice(p.amountMinor, p.currency)} · bought{' '}
            {p.boughtBy ? `by ${p.boughtBy} ` : ''}on {formatDate(p.purchasedAt)}
          </p>
        </TeamPromptItem>
      ))}
    </ul>
  );
}
