import { Loader2, UsersIcon } from 'lucide-react';
import type { PromptDetail } from '@shared/marketplace';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';

interface TeamAccessCardProps {
  team: NonNullable<PromptDetail['access']['team']>;
  priceMinor: number;
  currency: string;
  onBuyForTeam: () => void;
  buying: boolean;
}

/**
 * A premium prompt seen by a member of a team (decision 063): "Your team owns this", or "Buy for
 * <team>" to its owners and admins (one purchase, every member entitled).
 */
export function TeamAccessCard({ team, priceMinor, currency, onBuyForTeam, buying }: TeamAccessCardProps) {
  if (!team.owned && !team.canBuy) return null;
  return (
    <section
      aria-labelledby="team-access-heading"
      className="rounded-xl border bg-card p-5 shadow-sm"
      data-testid="team-access-card"
    >
      <h2
        id="team-access-heading"
        className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        <UsersIcon className="size-4 shrink-0 text-primary" aria-hidden />
        <span className="min-w-0 break-words">{team.name}</span>
      </h2>
      {team.owned ? (
        <p className="mt-3 text-sm font-medium" data-testid="team-owns">
          Your team owns this: every member reads it and uses it in the playground.
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
            One purchase for the whole team: every member reads it and uses it in the playground while they
            are in the team.
          </p>
          <Button className="mt-4 w-full" onClick={onBuyForTeam} disabled={buying}>
            {buying ? <Loader2 className="animate-spin" aria-hidden /> : null}
            <span className="min-w-0 truncate">
              Buy for {team.name} · {formatPrice(priceMinor, currency)}
            </span>
          </Button>
        </>
      )}
    </section>
  );
}
