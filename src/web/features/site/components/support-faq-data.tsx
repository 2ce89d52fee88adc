import { CreditCard, LifeBuoy, type LucideIcon, MessagesSquare, Store, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { listInWords, useSiteConfig } from '@/lib/site-config';
import { CONTACT_EMAILS } from '../lib/legal';

export interface SupportFaq {
  question: string;
  answer: ReactNode;
}

export interface SupportCategory {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  faqs: SupportFaq[];
  /** Listed in the FAQ but not as a browsable category card. */
  hiddenFromCards?: boolean;
}

export const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM EST';

/*
 * Every answer is true on this site (issue 51): no figure the product does not keep (a reply time,
 * a plan's allowance that an admin can change), and what depends on the deployment (the models that
 * answer live, who takes the payments) is read from its facts.
 */

/** The models that answer live here; the others answer with the offline demo model, which is labelled. */
function ModelsAnswer() {
  const site = useSiteConfig().data;
  const models = listInWords(site?.liveModels ?? []);
  const choose = 'Choose the model in the left panel of the playground before you send your first message.';
  if (!site) return choose;
  return models
    ? `${models} ${site.liveModels.length === 1 ? 'answers' : 'answer'} from ${site.liveModels.length === 1 ? 'its provider' : 'their providers'}. ${choose}`
    : `On this site the playground answers with an offline demo model, clearly labelled, until an AI provider is connected. ${choose}`;
}

/** Who takes the payments here. */
function PaymentMethodsAnswer() {
  const site = useSiteConfig().data;
  if (!site) return 'Every payment is verified on our servers before anything unlocks.';
  const prices = `Prices are in ${site.currency}, and the amount you see is the amount you are charged.`;
  if (site.payments === 'razorpay')
    return `Checkout runs on Razorpay, which accepts major credit and debit cards. ${prices}`;
  if (site.payments === 'test')
    return `This site takes payments through a built-in test gateway: no real money moves and no card is asked for. ${prices}`;
  return 'Checkout is not available on this site at the moment, so nothing can be charged.';
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export const SUPPORT_CATEGORIES: SupportCategory[] = [
  {
    id: 'account',
    title: 'Account',
    description: 'Signing in, passwords, profile details and closing an account.',
    icon: UserRound,
    faqs: [
      {
        question: 'How do I reset my password?',
        answer: (
          <>
            Choose{' '}
            <Link className={linkClass} to={PAGE_PATHS.forgotPassword}>
              Forgot password
            </Link>{' '}
            on the sign-in page and enter your email address. We send you a link to set a new password of at
            least 6 characters.
          </>
        ),
      },
      {
        question: 'How do I change my name or email address?',
        answer: 'Open Settings from the user menu in the top right corner, edit your details and save.',
      },
      {
        question: 'Why was I signed out?',
        answer:
          'For your security, sessions expire after a while; when that happens you see "Your session has expired. Please log in again." Signing in again picks up where you left off. If you cannot sign in at all, your account may be suspended: write to us and we will explain why.',
      },
      {
        question: 'How do I close my account?',
        answer: (
          <>
            Open{' '}
            <Link className={linkClass} to={PAGE_PATHS.settings}>
              Settings
            </Link>{' '}
            and choose Delete Account. Your account, prompts, playground history and settings are removed at
            once, and this cannot be undone.
          </>
        ),
      },
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    description: 'Plans, free trials, refunds and payment methods.',
    icon: CreditCard,
    faqs: [
      {
        question: 'How does the free trial work?',
        answer:
          'Premium starts with a 14-day free trial and no credit card. Each account gets one trial, and when it ends you stay on Free unless you subscribe.',
      },
      {
        question: 'How do I get a refund?',
        answer:
          'Every plan payment comes with a 30-day money-back guarantee. Email us within 30 days of paying and we refund it in full to the original payment method.',
      },
      {
        question: 'Can I switch between monthly and annual billing?',
        answer: (
          <>
            Yes: you choose monthly or annual each time you pay. The{' '}
            <Link className={linkClass} to={PAGE_PATHS.pricing}>
              pricing page
            </Link>{' '}
            shows both prices for every plan.
          </>
        ),
      },
      {
        question: 'Which payment methods do you accept?',
        answer: <PaymentMethodsAnswer />,
      },
    ],
  },
  {
    id: 'playground',
    title: 'Playground',
    description: 'AI models, session limits, history and error messages.',
    icon: MessagesSquare,
    faqs: [
      {
        question: 'Which AI models can I use?',
        answer: <ModelsAnswer />,
      },
      {
        question: 'What counts as a session, and how many do I get?',
        answer:
          "A session is one conversation. It counts once its first reply arrives, and a failed reply never counts. Each plan's monthly sessions are on the pricing page, and the playground shows how many you have left this month.",
      },
      {
        question: 'Where are my earlier conversations?',
        answer:
          'Under Recent Sessions in the playground. Open one to continue it, or delete it. Clear Chat starts a fresh session and keeps the old one in your history.',
      },
      {
        question: 'Why did I get an error instead of a reply?',
        answer:
          'The AI provider may be busy or briefly unavailable. Send your message again in a moment; failed replies are never counted against your allowance.',
      },
    ],
  },
  {
    id: 'marketplace',
    title: 'Marketplace',
    description: 'Publishing, selling and buying prompts, and moderation.',
    icon: Store,
    faqs: [
      {
        question: 'How do I publish a prompt?',
        answer:
          'Open your dashboard and choose Upload Prompt. Fill in the title, description, prompt text, category and tags, then publish it or save it as a draft.',
      },
      {
        question: 'How do I sell a premium prompt?',
        answer:
          'When you upload or edit a prompt, mark it as paid and set a price. You earn a share of every sale, and your dashboard shows views, likes and revenue.',
      },
      {
        question: 'Can I try a premium prompt before buying it?',
        answer:
          'Yes. When you are signed in, you can try a premium prompt a few times in the playground. You see the replies, but not the prompt text itself until you buy it.',
      },
      {
        question: 'Why was my prompt rejected or archived?',
        answer:
          'Our moderators leave a note explaining the decision on the prompt in your dashboard. Fix what the note describes and publish again, or write to us if you think it was a mistake.',
      },
    ],
  },
  {
    id: 'contacting-support',
    title: 'Contacting support',
    description: 'When we are available and how fast we reply.',
    icon: LifeBuoy,
    hiddenFromCards: true,
    faqs: [
      {
        question: 'When is support available, and how fast will I hear back?',
        answer: `Email us at ${CONTACT_EMAILS.support} any time: we read every message and answer during our contact hours, ${SUPPORT_HOURS}, when our specialists also take calls and review accounts with you; email us to book one.`,
      },
      {
        question: 'What should I include in my message?',
        answer:
          'The email address of your account, what you were trying to do, and what happened instead. A screenshot of any error message helps us solve it on the first reply.',
      },
    ],
  },
];
