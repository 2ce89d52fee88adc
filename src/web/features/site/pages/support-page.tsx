import { ArrowRight, Clock, Mail, RefreshCcw } from 'lucide-react';
import { SupportContact } from '../components/support-contact';
import { SupportFaqGroup } from '../components/support-faq';
import { SUPPORT_CATEGORIES, SUPPORT_HOURS } from '../components/support-faq-data';
import { CONTACT_EMAILS } from '../lib/legal';
import { PageHero } from '@/components/page-hero';

/* What we can promise: where to write, when people are there, and the refund window admins can refund in. */
const HIGHLIGHTS = [
  { icon: Mail, value: 'Email support', label: CONTACT_EMAILS.support },
  { icon: Clock, value: SUPPORT_HOURS, label: 'calls and account reviews' },
  { icon: RefreshCcw, value: '30 days', label: 'money-back guarantee' },
];

export function SupportPage() {
  const cards = SUPPORT_CATEGORIES.filter((category) => !category.hiddenFromCards);

  return (
    <div className="relative isolate">
      <PageHero
        badge="Support Center"
        title="How can we help?"
        lead="Find quick answers below, or write to us. Real people read every message."
      >
        <ul className="mx-auto mt-10 grid max-w-4xl gap-3 sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, value, label }) => (
            <li
              key={label}
              className="flex items-center gap-3 rounded-2xl border bg-card p-4 text-left shadow-sm"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <p className="flex min-w-0 flex-col">
                <span className="font-semibold tracking-tight">{value}</span>
                <span className="text-sm break-words text-muted-foreground">{label}</span>
              </p>
            </li>
          ))}
        </ul>
      </PageHero>

      <section aria-labelledby="browse-topics" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="browse-topics" className="text-2xl font-bold tracking-tight">
          Browse by topic
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ id, title, description, icon: Icon, faqs }) => (
            <li key={id}>
              <a
                href={`#faq-${id}`}
                className="group flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-5 font-semibold tracking-tight">{title}</h3>
                <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
                  {faqs.length} answers
                  <ArrowRight
                    className="size-4 transition-transform group-hover:translate-x-0.5"
                    aria-hidden
                  />
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 pb-20 sm:px-6 sm:pb-24 lg:grid-cols-[minmax(0,1fr)_320px] lg:px-8">
        <section aria-labelledby="support-faq">
          <h2 id="support-faq" className="text-2xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-8 space-y-10">
            {SUPPORT_CATEGORIES.map((category) => (
              <SupportFaqGroup key={category.id} category={category} />
            ))}
          </div>
        </section>

        <aside aria-labelledby="contact-us">
          <div className="lg:sticky lg:top-24">
            <h2 id="contact-us" className="text-2xl font-bold tracking-tight">
              Contact us
            </h2>
            <div className="mt-8">
              <SupportContact />
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
