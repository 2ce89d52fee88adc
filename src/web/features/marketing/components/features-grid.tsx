import {
  BarChart3,
  BotMessageSquare,
  CreditCard,
  HandCoins,
  History,
  type LucideIcon,
  Search,
  Store,
  UsersRound,
} from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/* Each card describes something the product does today; no roadmap items, no invented numbers. */
const FEATURES: Feature[] = [
  {
    icon: BotMessageSquare,
    title: 'Multi-model playground',
    text: 'Run any prompt against Claude, ChatGPT or Perplexity from one chat. Pick the model per conversation and watch replies stream in as they are written.',
  },
  {
    icon: Store,
    title: 'Prompt marketplace',
    text: 'Browse prompts for writing, development, marketing, education, business and analytics. Filter by type, sort by rating, downloads or what is trending.',
  },
  {
    icon: HandCoins,
    title: 'Premium prompts & creator revenue',
    text: 'Put a price on your best work. Buyers unlock the full text and you earn a share of every sale. Shoppers can try a premium prompt before buying without ever seeing it.',
  },
  {
    icon: BarChart3,
    title: 'Creator analytics',
    text: 'See views, likes, downloads and revenue for every prompt you publish, with growth over time, so you know what resonates and what to write next.',
  },
  {
    icon: Search,
    title: 'Full-text search',
    text: 'Real full-text search across titles, descriptions and tags, ranked by relevance. Find the prompt you half remember in a couple of keystrokes.',
  },
  {
    icon: History,
    title: 'Session history',
    text: 'Every playground conversation is saved. Reopen a session to pick up where you left off, start a fresh one with a click, or delete what you no longer need.',
  },
  {
    icon: CreditCard,
    title: 'Secure payments',
    text: 'Checkout runs on Razorpay and every payment is verified by signature on our servers before anything unlocks. We never see or store your card number.',
  },
  {
    icon: UsersRound,
    title: 'Team plans & admin tools',
    text: 'Bring up to 3 members on Premium or your whole company on Business. Admins moderate prompts, manage users and plans from a dedicated panel.',
  },
];

export function FeaturesGrid() {
  return (
    <ul aria-label="Platform features" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="group flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="mt-5 text-base font-semibold tracking-tight">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
