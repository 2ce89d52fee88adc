import { BrainIcon } from 'lucide-react';
import { DEFAULT_CURRENCY } from '@shared/constants';
import type { ReplyUsage, Source } from '@shared/playground';
import { useSiteConfig } from '@/lib/site-config';
import { describeReplyUsage } from '../lib/usage';

/** The host a source lives on, as a short label ('en.wikipedia.org'). */
function hostOf(url: string) {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/** The sources a model cited, numbered as its answer refers to them ([1], [2]...). */
export function ReplySources({ sources }: { sources: readonly Source[] }) {
  if (sources.length === 0) return null;
  return (
    <nav aria-label="Sources" className="mt-3 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Sources</h3>
      <ol className="grid gap-1" data-testid="reply-sources">
        {sources.map((source, i) => (
          <li key={source.url} className="flex min-w-0 gap-2">
            <span className="shrink-0 text-muted-foreground tabular-nums">[{i + 1}]</span>
            <a
              href={safeHref(source.url)}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="min-w-0 truncate text-primary underline-offset-2 hover:underline"
            >
              {source.title ?? hostOf(source.url)}
            </a>
            {source.title ? (
              <span className="hidden shrink-0 text-muted-foreground sm:inline">{hostOf(source.url)}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The model's reasoning, folded until asked for. */
export function ReplyReasoning({ reasoning }: { reasoning: string | null }) {
  if (!reasoning) return null;
  return (
    <details className="mb-2 rounded-lg border px-3 py-2 text-sm" data-testid="reply-reasoning">
      <summary className="flex cursor-pointer items-center gap-1.5 text-muted-foreground select-none">
        <BrainIcon aria-hidden className="size-3.5" />
        Reasoning
      </summary>
      <p className="mt-2 whitespace-pre-wrap text-muted-foreground">{reasoning}</p>
    </details>
  );
}

/** A finished reply's tokens and cost, quiet under it (the demo model's counts marked as estimates). */
export function ReplyUsageLine({ usage }: { usage: ReplyUsage | null }) {
  const currency = useSiteConfig().data?.currency ?? DEFAULT_CURRENCY;
  const text = describeReplyUsage(usage, currency);
  if (!text) return null;
  return (
    <p className="mt-2 text-xs text-muted-foreground tabular-nums" data-testid="reply-usage">
      {text}
    </p>
  );
}
