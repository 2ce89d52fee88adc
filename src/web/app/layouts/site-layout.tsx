import { Suspense, lazy, useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { PageFallback } from '../page-fallback';

// The dialog brings the form and validation libraries: load them when someone asks to contact sales.
const ContactSalesDialog = lazy(async () => ({
  default: (await import('@/features/contact/components/contact-sales-dialog')).ContactSalesDialog,
}));

/** Public pages: sticky header, the page, footer; and the Contact Sales dialog the footer opens. */
export function SiteLayout() {
  const [contactOpen, setContactOpen] = useState(false);
  const [contactRequested, setContactRequested] = useState(false);
  const openContact = useCallback(() => {
    setContactRequested(true);
    setContactOpen(true);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader notifications={<NotificationBell />} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageFallback fill />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter onContactSales={openContact} />
      {contactRequested ? (
        <Suspense fallback={null}>
          <ContactSalesDialog open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
