import { AlertCircle, FlaskConical, Loader2, MessageSquareText, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PromptDetail, Review } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime, useLocalTime } from '@/components/relative-time';
import { formatDate } from '@/lib/format';
import { useReviews } from '../api/get-reviews';
import { InitialsAvatar } from './initials-avatar';
import { type LoginState, playgroundLink } from './prompt-actions';
import { RatingBreakdown } from './rating-breakdown';
import { ReviewForm } from './review-form';
import { ReviewSnapshot, UsedWith } from './review-snapshot';
import { StarRating } from './star-rating';

interface ReviewsSectionProps {
  prompt: PromptDetail;
  signedIn: boolean;
  viewerId: string | null;
  loginState: LoginState;
}

/** The rating summary, the viewer's review form (or why there is none), and the reviews. */
export function ReviewsSection({ prompt, signedIn, viewerId, loginState }: ReviewsSectionProps) {
  const { access } = prompt;
  return (
    <section aria-labelledby="reviews" className="scroll-mt-24">
      <h2 id="reviews" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      <div className="mt-5 rounded-xl border bg-card p-5 shadow-sm">
        <RatingBreakdown
          average={prompt.analytics.rating.average}
          count={prompt.analytics.rating.count}
          breakdown={prompt.ratingBreakdown}
        />
      </div>

      <div className="mt-5">
        {!signedIn ? (
          <ReviewNote>
            <Link
              to={PAGE_PATHS.login}
              state={loginState}
              className="font-medium text-foreground underline underline-offset-4"
            >
              Log in
            </Link>{' '}
            and try this prompt in the playground to review it.
          </ReviewNote>
        ) : access.reason === 'author' ? (
          <ReviewNote>This is your prompt. Reviews come from people who tried or bought it.</ReviewNote>
        ) : access.canReview ? (
          // Remounts with the saved review, so the form always starts from what the server holds.
          <ReviewForm
            key={`${access.myReview?.rating}:${access.myReview?.body}:${access.myReview?.snapshot?.messageId}`}
            promptId={prompt.id}
            myReview={access.myReview}
          />
        ) : (
          <ReviewNote
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={playgroundLink(prompt.id)}>
                  <FlaskConical aria-hidden />
                  Try in Playground
                </Link>
              </Button>
            }
          >
            {access.myReview
              ? 'Your earlier review is below. Try this prompt in the playground to update it.'
              : 'Try this prompt in the playground to review it.'}
          </ReviewNote>
        )}
      </div>

      <ReviewList promptId={prompt.id} viewerId={viewerId} />
    </section>
  );
}

function ReviewNote({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-dashed px-5 py-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between"
      data-testid="review-note"
    >
      <p className="flex items-center gap-2.5">
        <MessageSquareText className="size-4 shrink-0" aria-hidden />
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}

function ReviewList({ promptId, viewerId }: { promptId: string; viewerId: string | null }) {
  const { data, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useReviews(promptId);

  if (isPending) {
    return (
      <ul className="mt-6 divide-y" aria-busy="true" aria-label="Loading reviews">
        {[0, 1].map((i) => (
          <li key={i} className="flex gap-3 py-5">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <div
        role="alert"
        className="mt-6 flex items-center justify-between gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-5 py-4 text-sm"
      >
        <p className="flex items-center gap-2">
          <AlertCircle className="size-4 text-destructive" aria-hidden />
          The reviews could not be loaded.
        </p>
        <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
          <RotateCw aria-hidden className={isRefetching ? 'animate-spin' : undefined} />
          Try Again
        </Button>
      </div>
    );
  }

  const reviews = data.pages.flatMap((p) => p.reviews);
  if (reviews.length === 0) {
    return <p className="mt-6 text-sm text-muted-foreground">No reviews yet.</p>;
  }
  const total = data.pages.at(-1)?.pagination.total ?? reviews.length;

  return (
    <div className="mt-2">
      <ul className="divide-y" aria-label="Reviews" data-testid="review-list">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} mine={review.author.id === viewerId} />
        ))}
      </ul>
      {hasNextPage && (
        <div className="flex flex-col items-center gap-2 pt-4">
          <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage && <Loader2 aria-hidden className="animate-spin" />}
            Show more reviews
          </Button>
          <p className="text-xs text-muted-foreground">
            Showing {reviews.length} of {total}
          </p>
        </div>
      )}
    </div>
  );
}

function ReviewItem({ review, mine }: { review: Review; mine: boolean }) {
  return (
    <li className="flex gap-3 py-5" data-testid="review">
      <InitialsAvatar name={review.author.name} className="size-9 text-xs" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-medium">{review.author.name}</p>
          {mine && <Badge variant="secondary">Your review</Badge>}
          <ReviewTime review={review} />
        </div>
        <StarRating value={review.rating} className="mt-1" starClassName="size-3.5" />
        <UsedWith usedWith={review.usedWith} />
        {review.body && (
          <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
            {review.body}
          </p>
        )}
        {review.snapshot && <ReviewSnapshot snapshot={review.snapshot} />}
      </div>
    </li>
  );
}

/**
 * When the review was written: how long ago, with the date and time in the visitor's time zone on
 * hover (RelativeTime: the first page of a prompt's reviews comes with the server-rendered page).
 */
function ReviewTime({ review }: { review: Review }) {
  const local = useLocalTime();
  const edited = review.updatedAt !== review.createdAt;
  return (
    <span className="text-xs text-muted-foreground">
      <RelativeTime value={review.createdAt} />
      {edited && (
        <span title={local ? `Edited ${formatDate(review.updatedAt, 'datetime')}` : undefined}>
          {' '}
          · edited
        </span>
      )}
    </span>
  );
}
