import { CalendarClock, FileText, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { CONTACT_EMAILS } from '../lib/legal';
import { SUPPORT_HOURS } from './support-faq-data';

export function SupportContact() {
  return (
    <div className="space-y-4">
      <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Mail className="size-5" aria-hidden />
        </span>
        <h3 className="mt-4 font-semibold tracking-tight">Email support</h3>
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
          We read every message and answer during our contact hours.
        </p>
        <a
          href={`mailto:${CONTACT_EMAILS.support}`}
          className="mt-4 inline-flex h-10 w-full items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          {CONTACT_EMAILS.support}
        </a>
      </div>

      <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <CalendarClock className="size-5" aria-hidden />
        </span>
        <h3 className="mt-4 font-semibold tracking-tight">Contact hours</h3>
        <p className="mt-1.5 text-lg font-semibold">{SUPPORT_HOURS}</p>
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
          When our specialists take calls and review accounts with you. Email us to book a time.
        </p>
      </div>

      <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
        <h3 className="font-semibold tracking-tight">Policies</h3>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <Link
              to={PAGE_PATHS.privacy}
              className="inline-flex items-center gap-2 text-muted-foreground hover:text-foreground"
            >
              <ShieldCheck className="size-4" aria-hidden />
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link
              to={PAGE_PATHS.terms}
              className="inline-flex items-center gap-2 text-muted-foreground hover:text-foreground"
            >
              <FileText className="size-4" aria-hidden />
              Terms of Service
            </Link>
          </li>
        </ul>
        <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
          Privacy requests:{' '}
          <a
            href={`mailto:${CONTACT_EMAILS.privacy}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {CONTACT_EMAILS.privacy}
          </a>
        </p>
      </div>
    </div>
  );
}
