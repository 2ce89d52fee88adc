import { type ComponentType, Suspense, createElement, lazy } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { useDocumentTitle } from './document-title';
import { AdminGuestOnly, GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { SiteLayout } from './layouts/site-layout';
import { PageFallback } from './page-fallback';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error';

/*
 * Routes come from PAGE_PATHS (shared with the server's history fallback). Every page loads on
 * demand; the server names the chunk of the page it answers in a Link header (modulepreload), so the
 * browser fetches it alongside the entry instead of after it (src/server/plugins/app/spa.ts).
 */

/** A page loaded on demand, which can also be loaded ahead (see preloadPages). */
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name] as ComponentType;
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Once loaded, the page renders at once: a page loaded ahead never suspends.
  const Page = () => (loaded ? createElement(loaded) : <Lazy />);
  return Object.assign(Page, { preload });
}

// The admin shell (its settings, search and the schemas behind them) loads only for the admin panel.
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');
const NotFoundPage = lazyPage(() => import('@/features/errors/not-found-page'), 'NotFoundPage');
const HomePage = lazyPage(() => import('@/features/site/pages/home-page'), 'HomePage');
const FeaturesPage = lazyPage(() => import('@/features/site/pages/features-page'), 'FeaturesPage');
const AboutPage = lazyPage(() => import('@/features/site/pages/about-page'), 'AboutPage');
const PricingPage = lazyPage(() => import('@/features/billing/pages/pricing-page'), 'PricingPage');
const MarketplacePage = lazyPage(
  () => import('@/features/marketplace/pages/marketplace-page'),
  'MarketplacePage',
);
const MarketplacePromptPage = lazyPage(
  () => import('@/features/marketplace/pages/prompt-page'),
  'PromptPage',
);
const PrivacyPage = lazyPage(() => import('@/features/site/pages/privacy-page'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('@/features/site/pages/terms-page'), 'TermsPage');
const CookiesPage = lazyPage(() => import('@/features/site/pages/cookies-page'), 'CookiesPage');
const SupportPage = lazyPage(() => import('@/features/site/pages/support-page'), 'SupportPage');
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('@/features/auth/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const AdminLoginPage = lazyPage(() => import('@/features/auth/pages/admin-login-page'), 'AdminLoginPage');
const DashboardPage = lazyPage(() => import('@/features/creator/pages/dashboard-page'), 'DashboardPage');
const LibraryPage = lazyPage(() => import('@/features/library/pages/library-page'), 'LibraryPage');
const SettingsPage = lazyPage(() => import('@/features/user/pages/settings-page'), 'SettingsPage');
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/pages/notifications-page'),
  'NotificationsPage',
);
const PlaygroundPage = lazyPage(
  () => import('@/features/playground/pages/playground-page'),
  'PlaygroundPage',
);
const SharedConversationPage = lazyPage(
  () => import('@/features/playground/pages/shared-conversation-page'),
  'SharedConversationPage',
);
const AdminDashboardPage = lazyPage(
  () => import('@/features/admin/pages/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminMarketplacePage = lazyPage(
  () => import('@/features/admin/pages/admin-marketplace-page'),
  'AdminMarketplacePage',
);
const ApiKeysPage = lazyPage(() => import('@/features/api-keys/pages/api-keys-page'), 'ApiKeysPage');
const TeamPage = lazyPage(() => import('@/features/teams/pages/team-page'), 'TeamPage');
const JoinTeamPage = lazyPage(() => import('@/features/teams/pages/join-team-page'), 'JoinTeamPage');
const AdminUsersPage = lazyPage(() => import('@/features/admin/pages/admin-users-page'), 'AdminUsersPage');
const AdminPlansPage = lazyPage(() => import('@/features/admin/pages/admin-plans-page'), 'AdminPlansPage');
const AdminSettingsPage = lazyPage(
  () => import('@/features/admin/pages/admin-settings-page'),
  'AdminSettingsPage',
);
const AdminAuditPage = lazyPage(() => import('@/features/admin/pages/admin-audit-page'), 'AdminAuditPage');
const AdminModelsPage = lazyPage(() => import('@/features/admin/pages/admin-models-page'), 'AdminModelsPage');
const AdminMessagesPage = lazyPage(
  () => import('@/features/admin/pages/admin-messages-page'),
  'AdminMessagesPage',
);
const AdminJobsPage = lazyPage(() => import('@/features/admin/pages/admin-jobs-page'), 'AdminJobsPage');
const AdminPayoutsPage = lazyPage(
  () => import('@/features/admin/pages/admin-payouts-page'),
  'AdminPayoutsPage',
);

function TitledPage({ title, Page }: { title?: string; Page: ComponentType }) {
  useDocumentTitle(title);
  return <Page />;
}

/** A full-screen page outside both layouts (the admin login), with its own loading fallback. */
function StandalonePage({ title, Page }: { title: string; Page: ComponentType }) {
  return (
    <Suspense fallback={<PageFallback />}>
      <TitledPage Page={Page} title={title} />
    </Suspense>
  );
}

/** A route for a page with its document title ('Features · Promptforge'; no title = the home title). */
function page(path: string, Page: LazyPage, title?: string): RouteObject {
  return { path, element: <TitledPage Page={Page} title={title} />, handle: { preload: Page.preload } };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    // Last resort: the layout itself failed, so the crash page fills the screen on its own.
    errorElement: <RouteErrorPage fullScreen />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          {
            // A page that fails shows the crash page inside the layout, so the navigation still works.
            errorElement: <RouteErrorPage />,
            children: [
              page(PAGE_PATHS.home, HomePage),
              page(PAGE_PATHS.features, FeaturesPage, 'Features'),
              page(PAGE_PATHS.about, AboutPage, 'About'),
              page(PAGE_PATHS.pricing, PricingPage, 'Pricing'),
              page(PAGE_PATHS.userPricing, PricingPage, 'Pricing'),
              page(PAGE_PATHS.marketplace, MarketplacePage, 'Marketplace'),
              // No fixed title: the page names itself after the prompt once it has loaded.
              {
                path: PAGE_PATHS.marketplacePrompt,
                element: <MarketplacePromptPage />,
                handle: { preload: MarketplacePromptPage.preload },
              },
              page(PAGE_PATHS.privacy, PrivacyPage, 'Privacy Policy'),
              page(PAGE_PATHS.terms, TermsPage, 'Terms of Service'),
              page(PAGE_PATHS.cookies, CookiesPage, 'Cookie Policy'),
              page(PAGE_PATHS.support, SupportPage, 'Support Center'),
              // No fixed title: the page names itself after the conversation once it has loaded.
              {
                path: PAGE_PATHS.sharedConversation,
                element: <SharedConversationPage />,
                handle: { preload: SharedConversationPage.preload },
              },
              {
                element: <GuestOnly />,
                children: [
                  page(PAGE_PATHS.login, LoginPage, 'Sign In'),
                  page(PAGE_PATHS.signup, SignupPage, 'Create Account'),
                  page(PAGE_PATHS.forgotPassword, ForgotPasswordPage, 'Forgot Password'),
                  page(PAGE_PATHS.resetPassword, ResetPasswordPage, 'Reset Password'),
                ],
              },
              {
                element: <RequireAuth />,
                children: [
                  page(PAGE_PATHS.dashboard, DashboardPage, 'Dashboard'),
                  page(PAGE_PATHS.library, LibraryPage, 'My library'),
                  page(PAGE_PATHS.settings, SettingsPage, 'Settings'),
                  page(PAGE_PATHS.apiKeys, ApiKeysPage, 'API keys'),
                  page(PAGE_PATHS.notifications, NotificationsPage, 'Notifications'),
                  page(PAGE_PATHS.team, TeamPage, 'Team'),
                  page(PAGE_PATHS.joinTeam, JoinTeamPage, 'Join a team'),
                  page(PAGE_PATHS.playground, PlaygroundPage, 'Playground'),
                ],
              },
              page('*', NotFoundPage, 'Page not found'),
            ],
          },
        ],
      },
      {
        element: <AdminGuestOnly />,
        errorElement: <RouteErrorPage fullScreen />,
        children: [
          {
            path: PAGE_PATHS.adminLogin,
            element: <StandalonePage Page={AdminLoginPage} title="Admin Sign In" />,
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            element: (
              <Suspense fallback={<PageFallback />}>
                <AdminLayout />
              </Suspense>
            ),
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [
                  page(PAGE_PATHS.adminDashboard, AdminDashboardPage, 'Admin Dashboard'),
                  page(PAGE_PATHS.adminMarketplace, AdminMarketplacePage, 'Marketplace Management'),
                  page(PAGE_PATHS.adminUsers, AdminUsersPage, 'User Management'),
                  page(PAGE_PATHS.adminPlans, AdminPlansPage, 'Plans Management'),
                  page(PAGE_PATHS.adminSettings, AdminSettingsPage, 'Admin Settings'),
                  page(PAGE_PATHS.adminAudit, AdminAuditPage, 'Audit Log'),
                  page(PAGE_PATHS.adminModels, AdminModelsPage, 'Models'),
                  page(PAGE_PATHS.adminMessages, AdminMessagesPage, 'Contact Messages'),
                  page(PAGE_PATHS.adminJobs, AdminJobsPage, 'Jobs'),
                  page(PAGE_PATHS.adminPayouts, AdminPayoutsPage, 'Payouts'),
                  page('/admin/*', NotFoundPage, 'Page not found'),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Loads the pages the router's first address shows (its matches, so the routes are not matched
 * twice). A page the server rendered is hydrated only once its page is loaded: a page that suspended
 * during hydration would stay as the server's markup until it loaded, and any update reaching it
 * meanwhile (the session check, say) makes React replace it with the loading fallback, so the page
 * blinks and the visitor's scroll position is lost.
 */
export function preloadPages(router: ReturnType<typeof createAppRouter>): Promise<unknown> {
  return Promise.all(
    router.state.matches.map((m) =>
      (m.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.(),
    ),
  );
}

/**
 * The browser's router. On a page the server rendered (decision 019) the visitor may have scrolled
 * before the app started; `hydrationData` tells the router so, and ScrollRestoration then leaves the
 * first page where it is instead of jumping back to the top. The routes have no loaders, so there is
 * no data to hand over.
 */
export function createAppRouter({ serverRendered }: { serverRendered: boolean }) {
  return createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined);
}
