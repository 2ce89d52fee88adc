import { Download, FlaskConical, Heart, Loader2, LogIn, ShoppingCart, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { PromptDetail } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { rememberOrigin } from '@/lib/auth-redirect';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber, formatPrice } from '@/lib/format';

interface PromptActionsProps {
  prompt: PromptDetail;
  signedIn: boolean;
  onLike: () => void;
  onDownload: () => void;
  downloading: boolean;
  /** Buys a premium prompt the viewer may not read yet (a visitor logs in first). */
  onBuy: () => void;
  buying: boolean;
}

export const playgroundLink = (promptId: string) =>
  `${PAGE_PATHS.playground}?${new URLSearchParams({ prompt: promptId })}`;

export type LoginState = ReturnType<typeof rememberOrigin>;

/** A signed-out visitor's Like or Download: the login page, which brings them back here afterwards. */
function LoginButton({ children, label, state }: { children: ReactNode; label: string; state: LoginState }) {
  return (
    <Button asChild variant="outline" className="flex-1">
      <Link to={PAGE_PATHS.login} state={state} title={label}>
        {children}
        <span className="sr-only">({label.toLowerCase()})</span>
      </Link>
    </Button>
  );
}

function LikeCount({ likes }: { likes: number }) {
  return (
    <span
      className="text-muted-foreground tabular-nums"
      data-testid="like-count"
      title={`${formatNumber(likes)} ${likes === 1 ? 'like' : 'likes'}`}
    >
      {formatCount(likes)}
      <span className="sr-only"> {likes === 1 ? 'like' : 'likes'}</span>
    </span>
  );
}

/** Price, Try in Playground, Like and Download: what a visitor can do with this prompt. */
export function PromptActions({
  prompt,
  signedIn,
  onLike,
  onDownload,
  downloading,
  onBuy,
  buying,
}: PromptActionsProps) {
  const isPremium = prompt.type === 'premium';
  const { liked } = prompt.access;
  const canDownload = prompt.access.canViewContent;
  const owner = prompt.access.reason === 'author';
  const canBuy = isPremium && prompt.access.reason === 'locked';
  const loginState = rememberOrigin(useLocation());

  return (
    <div className="rounded-xl border bg-card p-5 shadow-sm" data-testid="prompt-actions">
      <div className="flex items-baseline justify-between gap-3">
        <p
          data-testid="prompt-price"
          className={cn('text-3xl font-bold tracking-tight tabular-nums', !isPremium && 'text-success')}
        >
          {isPremium ? formatPrice(prompt.priceMinor, prompt.currency) : 'Free'}
        </p>
        <p className="text-right text-xs text-muted-foreground">
          {owner
            ? 'Your prompt'
            : prompt.access.reason === 'purchased'
              ? 'You own this prompt'
              : prompt.access.reason === 'team'
                ? 'In your team library'
                : isPremium
                  ? 'one-time purchase'
                  : 'free to use and download'}
        </p>
      </div>

      {owner && (
        <div className="mt-3 rounded-lg bg-primary/10 px-3 py-2 text-sm text-primary">
          <p className="flex items-center gap-2 font-medium">
            <UserRound className="size-4 shrink-0" aria-hidden />
            This is your prompt
          </p>
          {isPremium && (
            <p className="mt-0.5 pl-6 text-xs text-primary/80">
              Others see a short preview until they buy it.
            </p>
          )}
        </div>
      )}

      <div className="mt-4 flex flex-col gap-2.5">
        {canBuy && (
          <Button size="lg" onClick={onBuy} disabled={buying}>
            {buying ? <Loader2 aria-hidden className="animate-spin" /> : <ShoppingCart aria-hidden />}
            Buy Prompt
          </Button>
        )}
        <Button asChild size="lg" variant={canBuy ? 'outline' : 'default'}>
          <Link to={playgroundLink(prompt.id)}>
            <FlaskConical aria-hidden />
            Try in Playground
          </Link>
        </Button>

        <div className="flex gap-2.5">
          {signedIn ? (
            <Button
              variant="outline"
              className={cn(
                'flex-1',
                liked &&
                  'border-destructive/40 bg-destructive/10 text-destructive hover:bg-destructive/15 hover:text-destructive',
              )}
              aria-pressed={liked}
              onClick={onLike}
              title={liked ? 'Remove your like' : 'Like this prompt'}
            >
              <Heart aria-hidden className={cn(liked && 'fill-current')} />
              {liked ? 'Liked' : 'Like'}
              <LikeCount likes={prompt.likes} />
            </Button>
          ) : (
            <LoginButton label="Log in to like this prompt" state={loginState}>
              <Heart aria-hidden />
              Like
              <LikeCount likes={prompt.likes} />
            </LoginButton>
          )}

          {canDownload &&
            (signedIn ? (
              <Button variant="outline" className="flex-1" onClick={onDownload} disabled={downloading}>
                {downloading ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
                Download
              </Button>
            ) : (
              <LoginButton label="Log in to download this prompt" state={loginState}>
                <Download aria-hidden />
                Download
              </LoginButton>
            ))}
        </div>

        {!signedIn && (
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <LogIn className="mt-px size-3.5 shrink-0" aria-hidden />
            <span>
              <Link
                to={PAGE_PATHS.login}
                state={loginState}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                Log in
              </Link>{' '}
              to like, download and review prompts.
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
