import { Cookie } from 'lucide-react';
import { PrivacyPolicy } from '../components/privacy-policy';
import { COOKIES_SECTION_ID } from '../lib/legal';

/*
 * The spec's Cookie Policy "opens the privacy text": one document, so the two can never disagree.
 * The page lands on the cookies section and marks it.
 */
export function CookiesPage() {
  return (
    <PrivacyPolicy
      focusSectionId={COOKIES_SECTION_ID}
      notice={
        <div role="note" className="flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm">
          <Cookie className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p className="leading-relaxed">
            <strong className="font-semibold">Looking for our Cookie Policy?</strong> It is part of our
            Privacy Policy, so the two always match. The section on{' '}
            <a
              href={`#${COOKIES_SECTION_ID}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              cookies and local storage
            </a>{' '}
            is highlighted below.
          </p>
        </div>
      }
    />
  );
}
