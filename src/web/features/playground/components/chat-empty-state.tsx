import { CodeIcon, CompassIcon, HourglassIcon, LightbulbIcon, MailIcon, StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { ModelAvatar } from './model-avatar';

const SUGGESTIONS = [
  {
    Icon: LightbulbIcon,
    title: 'Explain a concept',
    text: 'Explain how vector databases work, with a simple analogy and one real example.',
  },
  {
    Icon: CodeIcon,
    title: 'Write some code',
    text: 'Write a TypeScript function that debounces another function, with a short usage example.',
  },
  {
    Icon: MailIcon,
    title: 'Draft an e-mail',
    text: "Draft a friendly follow-up e-mail to a client who hasn't replied to my proposal in a week.",
  },
  {
    Icon: CompassIcon,
    title: 'Plan something',
    text: 'Plan a three-day trip to Lisbon for someone who loves food and architecture.',
  },
] as const;

interface ChatEmptyStateProps {
  model: string;
  modelName: string;
  /** This month's sessions are used up: earlier conversations can still go on. */
  atLimit: boolean;
  /** Puts a suggestion in the message box (it is not sent: a new conversation counts). */
  onPick: (text: string) => void;
}

/** A new conversation: what to ask, and where to find ready-made prompts. */
export function ChatEmptyState({ model, modelName, atLimit, onPick }: ChatEmptyStateProps) {
  if (atLimit) {
    return (
      <div className="my-auto flex flex-col items-center py-8 text-center" data-testid="chat-empty">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-warning/15 text-warning">
          <HourglassIcon aria-hidden className="size-6" />
        </span>
        <h2 className="mt-4 text-2xl font-semibold tracking-tight">You have used this month's sessions</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground sm:text-base">
          Conversations you already started can go on: open one from Recent Sessions. New ones need more
          sessions.
        </p>
      </div>
    );
  }
  return (
    <div className="my-auto flex flex-col items-center py-8 text-center" data-testid="chat-empty">
      <ModelAvatar model={model} className="size-10 sm:size-12 [&_svg]:size-5 sm:[&_svg]:size-6" />
      <h2 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">How can I help you today?</h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground sm:text-base">
        You are chatting with {modelName}. Every conversation is saved in Recent Sessions, so you can come
        back to it later.
      </p>
      <ul className="mt-6 grid w-full gap-2.5 sm:mt-8 sm:grid-cols-2">
        {SUGGESTIONS.map(({ Icon, title, text }, i) => (
          // Two ideas are enough on a phone; the message box must stay in view.
          <li key={title} className={i >= 2 ? 'hidden sm:block' : undefined}>
            <button
              type="button"
              onClick={() => onPick(text)}
              className="flex h-full w-full cursor-pointer flex-col gap-1 rounded-xl border bg-card px-4 py-3 text-left shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="flex items-center gap-2 text-sm font-medium">
                <Icon aria-hidden className="size-4 text-primary" />
                {title}
              </span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{text}</span>
            </button>
          </li>
        ))}
      </ul>
      <Link
        to={PAGE_PATHS.marketplace}
        className="mt-6 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <StoreIcon aria-hidden className="size-4" />
        Or try a prompt from the marketplace
      </Link>
    </div>
  );
}
