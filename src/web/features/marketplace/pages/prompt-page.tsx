import { ChevronRight, Sparkles, TrendingUp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CATEGORY_LABELS } from '@shared/constants';
import type { PromptDetail } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { checkoutKey, useCheckout } from '@/components/checkout/use-checkout';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api-client';
import { useAfterSessionCheck, useAuth } from '@/lib/auth';
import { rememberOrigin } from '@/lib/auth-redirect';
import { showErrorToast } from '@/lib/error-toast';
import { withToast } from '@/lib/lazy-toast';
import { formatDate } from '@/lib/format';
import { useDownloadPrompt } from '../api/download-prompt';
import { usePrompt } from '../api/get-prompt';
import { useLikePrompt } from '../api/like-prompt';
import { useRemixPrompt } from '../api/remix-prompt';
import { AuthorCard } from '../components/author-card';
import { LicenceCard } from '../components/licence-card';
import { PremiumPreview } from '../components/premium-preview';
import { PromptActions } from '../components/prompt-actions';
import { PromptLoadError, PromptNotFound, PromptPageSkeleton } from '../components/prompt-page-states';
import { PromptStats } from '../components/prompt-stats';
import { PromptTextPanel } from '../components/prompt-text-panel';
import { ReviewsSection } from '../components/reviews-section';
import { TeamAccessCard } from '../components/team-access-card';
import { ExamplesSection } from '../components/examples-section';
import { TestsSection } from '../components/tests-section';
import { VersionHistory } from '../components/version-history';
import { saveTextFile, textFileName } from '../lib/save-text-file';

const SITE_NAME = 'Promptforge';

/**
 * Where 'Marketplace' in the breadcrumb leads: back to the search the visitor came from (the card
 * passes it along), so their filters survive the round trip; otherwise the marketplace's first page.
 */
function marketplaceBackLink(state: unknown): string {
  const backTo = (state as { backTo?: unknown } | null)?.backTo;
  if (typeof backTo === 'string' && /^\/marketplace(\?|$)/.test(backTo)) return backTo;
  return PAGE_PATHS.marketplace;
}

/** A 400 means the address cannot name a prompt (say, an over-long id): to the visitor, it is not there. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A marketplace prompt's page at /marketplace/:id (id or slug). */
export function PromptPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const backTo = marketplaceBackLink(location.state);
  const { user } = useAuth();
  const query = usePrompt(id);
  const { data: prompt, error, isError, isFetching, refetch, queryKey, signedIn } = query;
  const notFound = isError && isNotFound(error);

  // Named after the prompt, so tabs and history say which prompt it is.
  const title = prompt?.title ?? (notFound ? 'Prompt not found' : 'Marketplace');
  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);

  // One toast per failure; a missing prompt has its own page instead.
  const toastedAt = useRef(0);
  useEffect(() => {
    if (!isError || notFound || toastedAt.current === query.errorUpdatedAt) return;
    toastedAt.current = query.errorUpdatedAt;
    showErrorToast(error, {
      title: 'Error loading prompt',
      description: 'Failed to load this prompt. Please try again.',
    });
  }, [isError, notFound, error, query.errorUpdatedAt]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb backTo={backTo} prompt={prompt} />
      <div className="mt-6">
        {prompt ? (
          <PromptView prompt={prompt} signedIn={signedIn} viewerId={user?.id ?? null} queryKey={queryKey} />
        ) : notFound ? (
          <PromptNotFound backTo={backTo} />
        ) : isError ? (
          <PromptLoadError onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <PromptPageSkeleton />
        )}
      </div>
    </div>
  );
}

function Breadcrumb({ backTo, prompt }: { backTo: string; prompt: PromptDetail | undefined }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          <Link to={backTo} className="font-medium transition-colors hover:text-foreground">
            Marketplace
          </Link>
        </li>
        {prompt && (
          <>
            <li aria-hidden>
              <ChevronRight className="size-3.5" />
            </li>
            <li>
              <Link
                to={`${PAGE_PATHS.marketplace}?category=${prompt.category}`}
                className="transition-colors hover:text-foreground"
              >
                {CATEGORY_LABELS[prompt.category]}
              </Link>
            </li>
            <li aria-hidden className="hidden sm:block">
              <ChevronRight className="size-3.5" />
            </li>
            <li aria-current="page" className="hidden min-w-0 truncate text-foreground sm:block">
              {prompt.title}
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}

interface PromptViewProps {
  prompt: PromptDetail;
  signedIn: boolean;
  viewerId: string | null;
  queryKey: ReturnType<typeof usePrompt>['queryKey'];
}

function PromptView({ prompt, signedIn, viewerId, queryKey }: PromptViewProps) {
  const like = useLikePrompt(queryKey);
  const download = useDownloadPrompt(queryKey);
  const remix = useRemixPrompt();
  const loginState = rememberOrigin(useLocation());
  const navigate = useNavigate();
  // Buying (issue 7): the paid prompt's text arrives with the refreshed page data after the payment.
  const checkout = useCheckout();
  const buying = checkout.activeKey === checkoutKey({ promptId: prompt.id });
  const buyingForTeam = checkout.activeKey === checkoutKey({ promptId: prompt.id, forTeam: true });
  const afterSessionCheck = useAfterSessionCheck();
  const onBuy = () =>
    afterSessionCheck((signedIn) =>
      signedIn
        ? checkout.start({ promptId: prompt.id })
        : void navigate(PAGE_PATHS.login, { state: loginState }),
    );

  function onDownload() {
    download.mutate(prompt.id, {
      onSuccess: (result) => {
        saveTextFile(result.title, result.content);
        withToast((toast) => toast.success('Prompt downloaded', { description: textFileName(result.title) }));
      },
    });
  }

  function onRemix() {
    remix.mutate(prompt.id, {
      onSuccess: (draft) => {
        withToast((toast) =>
          toast.success('Remix saved as a draft', { description: `${draft.title} is in My Prompts.` }),
        );
        void navigate(`${PAGE_PATHS.dashboard}?tab=prompts&status=draft`);
      },
    });
  }

  return (
    <article>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{CATEGORY_LABELS[prompt.category]}</Badge>
          <Badge variant="outline" className={prompt.type === 'premium' ? 'text-primary' : 'text-success'}>
            {prompt.type === 'premium' ? 'Premium' : 'Free'}
          </Badge>
          {prompt.metadata.featured && (
            <Badge className="bg-primary/12 text-primary">
              <Sparkles aria-hidden />
              Featured
            </Badge>
          )}
          {prompt.metadata.trending && (
            <Badge variant="success">
              <TrendingUp aria-hidden />
              Trending
            </Badge>
          )}
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{prompt.title}</h1>
        <p className="mt-3 max-w-3xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {prompt.description}
        </p>
        <p className="mt-3 text-sm text-muted-foreground">
          by <span className="font-medium text-foreground">{prompt.author.name}</span>
          <span aria-hidden> · </span>
          <span>
            Updated <time dateTime={prompt.updatedAt}>{formatDate(prompt.updatedAt, 'longUtc')}</time>
          </span>
        </p>
        {prompt.basedOn && (
          <p className="mt-1.5 text-sm text-muted-foreground" data-testid="based-on">
            Based on{' '}
            {prompt.basedOn.published ? (
              <Link
                to={`${PAGE_PATHS.marketplace}/${prompt.basedOn.slug}`}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                {prompt.basedOn.title}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{prompt.basedOn.title}</span>
            )}{' '}
            by {prompt.basedOn.author}
          </p>
        )}
        <div className="mt-5">
          <PromptStats prompt={prompt} />
        </div>
        {prompt.tags.length > 0 && (
          <ul className="mt-5 flex flex-wrap gap-1.5" aria-label="Tags">
            {prompt.tags.map((tag) => (
              <li key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </header>

      {/*
        Phones: actions, text, author, reviews. Wide screens: the text and the reviews on the left,
        actions and author in a column on the right.
      */}
      <div className="mt-8 grid items-start gap-6 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr_auto] lg:gap-8">
        <div className="lg:col-start-2 lg:row-start-1">
          <PromptActions
            prompt={prompt}
            signedIn={signedIn}
            onLike={() => like.mutate({ promptId: prompt.id, liked: !prompt.access.liked })}
            onDownload={onDownload}
            downloading={download.isPending}
            onBuy={onBuy}
            buying={buying}
          />
          {prompt.access.team && (
            <div className="mt-6">
              <TeamAccessCard
                team={prompt.access.team}
                priceMinor={prompt.priceMinor}
                currency={prompt.currency}
                onBuyForTeam={() => checkout.start({ promptId: prompt.id, forTeam: true })}
                buying={buyingForTeam}
              />
            </div>
          )}
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {prompt.content !== null ? (
            <PromptTextPanel content={prompt.content} />
          ) : (
            <PremiumPreview
              preview={prompt.preview ?? ''}
              priceMinor={prompt.priceMinor}
              currency={prompt.currency}
              onBuy={onBuy}
              buying={buying}
            />
          )}
        </div>
        <div className="grid gap-6 lg:col-start-2 lg:row-start-2">
          <AuthorCard author={prompt.author} />
          <LicenceCard
            prompt={prompt}
            signedIn={signedIn}
            loginState={loginState}
            onRemix={onRemix}
            remixing={remix.isPending}
          />
        </div>
        <div className="grid min-w-0 gap-10 pt-4 lg:col-start-1 lg:row-start-3">
          <ExamplesSection prompt={prompt} />
          <TestsSection prompt={prompt} />
          <VersionHistory promptId={prompt.id} viewerId={viewerId} />
          <ReviewsSection prompt={prompt} signedIn={signedIn} viewerId={viewerId} loginState={loginState} />
        </div>
      </div>
      {checkout.dialog}
    </article>
  );
}
