import { ExternalLink, GitFork, Loader2, Scale } from 'lucide-react';
import { Link } from 'react-router';
import type { PromptDetail } from '@shared/marketplace';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import type { LoginState } from './prompt-actions';

interface LicenceCardProps {
  prompt: PromptDetail;
  signedIn: boolean;
  loginState: LoginState;
  onRemix: () => void;
  remixing: boolean;
}

/** The listing's licence, how often it was remixed, and the Remix button for those who may (decision 058). */
export function LicenceCard({ prompt, signedIn, loginState, onRemix, remixing }: LicenceCardProps) {
  const { licence, remixes } = prompt;
  const { remix } = prompt.access;
  const locked = prompt.access.reason === 'locked';
  return (
    <section
      aria-labelledby="licence-heading"
      className="rounded-xl border bg-card p-5 shadow-sm"
      data-testid="licence-card"
    >
      <h2
        id="licence-heading"
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Licence
      </h2>
      <p className="mt-3 flex items-center gap-2 font-semibold" data-testid="licence-label">
        <Scale className="size-4 shrink-0 text-primary" aria-hidden />
        {licence.label}
      </p>
      <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{licence.summary}</p>
      {licence.url && (
        <a
          href={licence.url}
          target="_blank"
          rel="noreferrer"
          className="mt-1.5 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Full licence terms
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      )}

      <div className="mt-4 border-t pt-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="remix-count">
          <GitFork className="size-4 shrink-0" aria-hidden />
          {remixes === 0
            ? 'Not remixed yet'
            : `Remixed ${formatNumber(remixes)} ${remixes === 1 ? 'time' : 'times'}`}
        </p>
        {signedIn && remix.allowed ? (
          <>
            <Button variant="outline" className="mt-3 w-full" onClick={onRemix} disabled={remixing}>
              {remixing ? <Loader2 aria-hidden className="animate-spin" /> : <GitFork aria-hidden />}
              Remix into a draft
            </Button>
            <p className="mt-2 text-xs text-muted-foreground">
              {remix.private
                ? 'Your remix stays a private draft for your own use: this licence does not allow publishing it.'
                : 'Your remix is a draft you can edit and publish; it links back here as its source.'}
            </p>
          </>
        ) : signedIn && locked ? (
          <p className="mt-2 text-xs text-muted-foreground">Buy it to remix it for your own use.</p>
        ) : !signedIn ? (
          <p className="mt-2 text-xs text-muted-foreground">
            <Link
              to={PAGE_PATHS.login}
              state={loginState}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              Log in
            </Link>{' '}
            to remix it.
          </p>
        ) : null}
      </div>
    </section>
  );
}
