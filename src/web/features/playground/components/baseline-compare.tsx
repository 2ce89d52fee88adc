import { Loader2Icon } from 'lucide-react';
import type { ModelInfo } from '@shared/playground';
import { formatLatency } from '@/lib/format';
import type { ChatItem } from '../hooks/use-chat-stream';
import { Markdown } from './markdown';
import { MessageItem } from './message-item';

/**
 * A try against a baseline (issue 56): the reply with the prompt next to the same model's answer to
 * the same message without it. Side by side on wide screens, one above the other on a phone.
 */
export function BaselineCompare({ item, models }: { item: ChatItem; models: readonly ModelInfo[] }) {
  const baseline = item.baseline!;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="baseline-compare">
      <section
        aria-label="With the prompt"
        className="min-w-0 rounded-xl border border-primary/30 bg-primary/5 p-3"
      >
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-primary uppercase">With the prompt</h3>
        <MessageItem item={item} models={models} />
      </section>
      <section
        aria-label="Without the prompt"
        className="min-w-0 rounded-xl border bg-muted/30 p-3"
        data-testid="baseline-answer"
      >
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Without the prompt
        </h3>
        {baseline.pending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon aria-hidden className="size-4 animate-spin" />
            The same model answers your message on its own…
          </p>
        ) : baseline.response === null ? (
          <p className="text-sm text-muted-foreground">
            The model did not answer without the prompt this time.
          </p>
        ) : (
          <div className="text-sm leading-relaxed break-words">
            <Markdown text={baseline.response} />
            {baseline.latencyMs !== null ? (
              <p className="mt-2 text-xs text-muted-foreground">
                Same model, your message alone · {formatLatency(baseline.latencyMs)}
              </p>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}
