import { AlertCircle, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { PromptDetail } from '@shared/marketplace';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSubmitReview } from '../api/submit-review';
import { SnapshotPicker } from './snapshot-picker';
import { StarRatingInput } from './star-rating-input';

export const REVIEW_MAX = 2000;

/**
 * The server's review rules (the shared schema, with zod under it): loaded when a form is shown, not
 * with every visitor's prompt page, where the form is for signed-in readers who tried the prompt.
 */
const reviewRules = () => import('@shared/marketplace').then((m) => m.CreateReviewSchema);

interface ReviewFormProps {
  promptId: string;
  /** The user's earlier review: the form edits it instead of starting empty. */
  myReview: PromptDetail['access']['myReview'];
}

/**
 * Rating (required), an optional text and optionally one of the user's runs as a snapshot; a
 * user's second review edits the first.
 */
export function ReviewForm({ promptId, myReview }: ReviewFormProps) {
  const attached = myReview?.snapshot ?? null;
  const [rating, setRating] = useState<number | null>(myReview?.rating ?? null);
  const [body, setBody] = useState(myReview?.body ?? '');
  const [snapshotId, setSnapshotId] = useState<string | null>(attached?.messageId ?? null);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitReview(promptId);
  const ids = { rating: useId(), body: useId(), count: useId(), error: useId() };
  const editing = myReview !== null;
  const unchanged =
    editing &&
    rating === myReview.rating &&
    body.trim() === myReview.body &&
    snapshotId === (attached?.messageId ?? null);

  useEffect(() => {
    // Asked for as the form appears, so they are there by the time it is sent.
    reviewRules().catch(() => {
      // Tried again when the form is sent, which says so if it fails again.
    });
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof reviewRules>>;
    try {
      rules = await reviewRules();
    } catch {
      setError('Could not save your review. Please check your connection and try again.');
      return;
    }
    // The same rules (and words) the server applies.
    const parsed = rules.safeParse({ rating: rating ?? undefined, body, snapshotMessageId: snapshotId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check your review.');
      return;
    }
    setError(null);
    submit.mutate(parsed.data, {
      onError: (err) => {
        setError(err instanceof ApiError ? err.message : 'Could not save your review. Please try again.');
      },
    });
  }

  const remaining = REVIEW_MAX - body.length;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={ids.rating}
      className="rounded-xl border bg-card p-5 shadow-sm"
      data-testid="review-form"
    >
      <h3 id={ids.rating} className="font-semibold">
        {editing ? 'Update your review' : 'Write a review'}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {editing
          ? 'You reviewed this prompt before. Change your rating or words and save.'
          : 'You tried this prompt. How well did it work for you?'}
      </p>

      <fieldset className="mt-4" disabled={submit.isPending}>
        <legend className="sr-only">Your rating</legend>
        <StarRatingInput
          label="Your rating"
          value={rating}
          onChange={(value) => {
            setRating(value);
            setError(null);
          }}
          invalid={Boolean(error) && rating === null}
          describedBy={error ? ids.error : undefined}
        />
      </fieldset>

      <div className="mt-4 grid gap-2">
        <Label htmlFor={ids.body}>
          Your review <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={ids.body}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={REVIEW_MAX}
          rows={4}
          disabled={submit.isPending}
          placeholder="What did you use it for, and what did you get?"
          aria-describedby={ids.count}
        />
        <p
          id={ids.count}
          className={cn(
            'text-right text-xs text-muted-foreground tabular-nums',
            remaining < 100 && 'text-warning',
          )}
        >
          {body.length} / {REVIEW_MAX}
        </p>
      </div>

      <SnapshotPicker
        promptId={promptId}
        attached={attached}
        value={snapshotId}
        onChange={(id) => {
          setSnapshotId(id);
          setError(null);
        }}
        disabled={submit.isPending}
      />

      {error && (
        <Alert variant="destructive" className="mt-2" id={ids.error}>
          <AlertCircle aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={submit.isPending || unchanged}>
          {submit.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {editing ? 'Update review' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}
