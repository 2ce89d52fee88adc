import { BotIcon, GlobeIcon, SparklesIcon } from 'lucide-react';
import type { Model } from '@shared/constants';
import { cn } from '@/lib/cn';

/*
 * A mark per model choice, so a conversation that switches models stays readable at a glance. Not
 * the providers' logos (their use is restricted): a shape and a colour each.
 */
const MARKS: Record<Model, { Icon: typeof SparklesIcon; className: string }> = {
  claude: { Icon: SparklesIcon, className: 'bg-orange-500/15 text-orange-600 dark:text-orange-400' },
  chatgpt: { Icon: BotIcon, className: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400' },
  perplexity: { Icon: GlobeIcon, className: 'bg-sky-500/15 text-sky-600 dark:text-sky-400' },
};

/** A choice's own mark; any other model (a configured one) the general one. */
export function ModelAvatar({ model, className }: { model: string | null; className?: string }) {
  const mark = model && model in MARKS ? MARKS[model as Model] : null;
  const Icon = mark?.Icon ?? SparklesIcon;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full',
        mark?.className ?? 'bg-primary/15 text-primary',
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}
