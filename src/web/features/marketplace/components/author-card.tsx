import type { PromptDetail } from '@shared/marketplace';
import { formatNumber } from '@/lib/format';
import { InitialsAvatar } from './initials-avatar';

/** Who made the prompt: name, initials, bio and how many prompts they have published. */
export function AuthorCard({ author }: { author: PromptDetail['author'] }) {
  return (
    <section aria-labelledby="author-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="author-heading" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Created by
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <InitialsAvatar name={author.name} className="size-11 text-sm" />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="author-name">
            {author.name}
          </p>
          <p className="text-sm text-muted-foreground">
            {author.promptCount === 1
              ? '1 published prompt'
              : `${formatNumber(author.promptCount)} published prompts`}
          </p>
        </div>
      </div>
      {author.bio && <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{author.bio}</p>}
    </section>
  );
}
