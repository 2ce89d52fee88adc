import { BanknoteIcon, FlaskConicalIcon, GlobeIcon, LockIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import type { SiteConfig } from '@shared/site';
import { useSiteConfig } from '@/lib/site-config';
import { Logo } from './logo';

interface FooterLink {
  label: string;
  to: string;
}

const PRODUCT: FooterLink[] = [
  { label: 'Features', to: PAGE_PATHS.features },
  { label: 'Pricing', to: PAGE_PATHS.pricing },
  { label: 'Marketplace', to: PAGE_PATHS.marketplace },
  { label: 'Playground', to: PAGE_PATHS.playground },
];

const LEGAL: FooterLink[] = [
  { label: 'Privacy Policy', to: PAGE_PATHS.privacy },
  { label: 'Terms of Service', to: PAGE_PATHS.terms },
  { label: 'Cookie Policy', to: PAGE_PATHS.cookies },
];

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-foreground">
        {title}
      </h2>
      <ul className="mt-4 flex flex-col gap-3">{children}</ul>
    </nav>
  );
}

function FooterLinks({ links }: { links: FooterLink[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className={linkClass}>
        {link.label}
      </Link>
    </li>
  ));
}

/**
 * The footer's currency and security notes, each only where it holds on this deployment (issue 51):
 * payments by Razorpay only when Razorpay takes them (the built-in test gateway says so instead), an
 * encrypted connection only when the site is served over https. Nothing until the facts are known.
 */
function DeploymentNotes({ site }: { site: SiteConfig | undefined }) {
  if (!site) return null;
  const security = [
    site.payments === 'razorpay' ? 'Payments by Razorpay' : null,
    site.https ? 'Encrypted connection (TLS)' : null,
  ].filter((note) => note !== null);
  return (
    <>
      <li className="inline-flex items-center gap-1.5">
        <BanknoteIcon className="size-4" aria-hidden />
        <span>
          <span className="sr-only">Currency: </span>
          {site.currency}
        </span>
      </li>
      {site.payments === 'test' && (
        <li className="inline-flex items-center gap-1.5" data-testid="footer-test-payments">
          <FlaskConicalIcon className="size-4" aria-hidden />
          <span>Test payments: no real money moves</span>
        </li>
      )}
      {security.length > 0 && (
        <li className="inline-flex items-center gap-1.5" data-testid="footer-security">
          <LockIcon className="size-4" aria-hidden />
          <span>{security.join(' · ')}</span>
        </li>
      )}
    </>
  );
}

/**
 * Site footer (spec section 1): Product, Company and Legal links, plus language, currency and
 * security notes. Contact Sales is a dialog the page layout owns, so the footer only asks for it.
 */
export function SiteFooter({ onContactSales }: { onContactSales: () => void }) {
  const { data: site } = useSiteConfig();
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <div className="grid grid-cols-2 gap-10 md:grid-cols-5">
          <div className="col-span-2">
            <Link
              to="/"
              aria-label="Promptforge home"
              className="inline-block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
              Create, try, share and sell AI prompts. Test them in the playground, then publish to the
              marketplace.
            </p>
          </div>
          <FooterColumn title="Product">
            <FooterLinks links={PRODUCT} />
          </FooterColumn>
          <FooterColumn title="Company">
            <li>
              <Link to={PAGE_PATHS.about} className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <button type="button" onClick={onContactSales} className={`${linkClass} cursor-pointer`}>
                Contact Sales
              </button>
            </li>
            <li>
              <Link to={PAGE_PATHS.support} className={linkClass}>
                Support Center
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLinks links={LEGAL} />
          </FooterColumn>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t pt-8 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
          <p>© {new Date().getFullYear()} Promptforge. All rights reserved.</p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2" aria-label="Site details">
            <li className="inline-flex items-center gap-1.5">
              <GlobeIcon className="size-4" aria-hidden />
              <span>
                <span className="sr-only">Language: </span>English
              </span>
            </li>
            <DeploymentNotes site={site} />
          </ul>
        </div>
      </div>
    </footer>
  );
}
