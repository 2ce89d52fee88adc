import { ChevronDown } from 'lucide-react';

interface FaqItem {
  question: string;
  answer: string;
}

/*
 * Every promise here is one the product keeps (product-decisions.md section 1): one trial per
 * account without a card, refunds within 30 days, prices charged as shown.
 */
const FAQ: FaqItem[] = [
  {
    question: 'How does the 14-day free trial work?',
    answer:
      'Start a 14-day Premium trial from this page or your settings, and no credit card is required to begin. Each account gets one trial. When it ends you are back on Free unless you choose to subscribe, so nothing is charged by surprise.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer:
      'Yes. If a paid plan or a prompt is not right for you, contact support within 30 days of the payment and we refund it in full. No questions, no forms to fill in.',
  },
  {
    question: 'Can I change or cancel my plan later?',
    answer:
      'Any time. Upgrade, downgrade or switch between monthly and annual billing whenever your needs change. Cancelling stops the next renewal: you keep your plan until the period you paid for ends, then move to Free.',
  },
  {
    question: 'How much do I save with annual billing?',
    answer:
      'Annual billing takes 20% off: Premium works out at $15.20 a month ($182.40 billed annually) and Business at $79.20 a month ($950.40 billed annually).',
  },
  {
    question: 'What counts as a playground session?',
    answer:
      'A session is one conversation with an AI model. It counts toward your monthly allowance once its first reply arrives; a reply that fails never counts. Free includes 10 sessions a month, paid plans are unlimited.',
  },
  {
    question: 'How are payments handled?',
    answer:
      'Checkout runs on Razorpay, and every payment is verified on our servers before your plan changes. Prices are in US dollars and the amount you see is the amount you are charged. We never see or store your full card number.',
  },
];

export function PricingFaq() {
  return (
    <div className="divide-y rounded-2xl border bg-card">
      {FAQ.map((item) => (
        <details
          key={item.question}
          className="group px-5 sm:px-6 [&_summary::-webkit-details-marker]:hidden"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-md">
            {item.question}
            <ChevronDown
              className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="max-w-[70ch] pb-5 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
