import {
  BarChart3,
  BotMessageSquare,
  CreditCard,
  HandCoins,
  History,
  type LucideIcon,
  Search,
  ShieldCheck,
  Store,
} from 'lucide-react';
import type { SiteConfig } from '@shared/site';
import { listInWords, useSiteConfig } from '@/lib/site-config';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/*
 * Each card describes something the product does today on this site; no roadmap items, no invented
 * numbers. The playground names only the models that answer live here, and the payments card says
 * who takes the payments (it is left out where checkout is off).
 */
function features(site: SiteConfig | undefined): Feature[] {
  const models = listInWords(site?.liveModels ?? []);
  const list: (Feature | null)[] = [
    {
      icon: BotMessageSquare,
      title: 'Playground',
      text: models
        ? `Run any prompt against ${models} from one chat. Pick the model per conversation and watch replies stream in as they are written.`
        : 'Run any prompt from one chat. Pick the model per conversation and watch replies stream in as they are written.',
    },
    {
      icon: Store,
      title: 'Prompt marketplace',
      text: 'Browse prompts for writing, development, marketing, education, business and analytics. Filter by type, sort by rating, downloads or what is trending.',
    },
    {
      icon: HandCoins,
      title: 'Premium prompts & creator revenue',
      text: 'Put a price on your best work. Buyers unlock the full text and you earn a share of every sale. Shoppers can try a premium prompt before buying without seeing its text.',
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
    site?.payments === 'razorpay'
      ? {
          icon: CreditCard,
          title: 'Verified payments',
          text: 'Checkout runs on Razorpay and every payment is verified by signature on our servers before anything unlocks. Card details go to Razorpay, never to us.',
        }
      : site?.payments === 'test'
        ? {
            icon: CreditCard,
            title: 'Verified payments',
            text: 'This site takes payments through a built-in test gateway: no real money moves. Every payment is verified by signature on our servers before anything unlocks.',
          }
        : null,
    {
      icon: ShieldCheck,
      title: 'Moderation & admin tools',
      text: 'Admins review prompts and leave the creator a note, manage users and plans from a dedicated panel, and every change they make is kept in an audit log.',
    },
  ];
  return list.filter((feature) => feature !== null);
}

export function FeaturesGrid() {
  const { data: site } = useSiteConfig();
  return (
    <ul aria-label="Platform features" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {features(site).map(({ icon: Icon, title, text }) => (
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
