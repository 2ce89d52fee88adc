/**
 * Every page path the SPA serves (spec section 2 route table, as far as it is built). The web router
 * and the server's history fallback both read it, so a path missing here is a 404 on both sides:
 * add a page's path here when the page exists.
 */
export const PAGE_PATHS = {
  home: '/',
  features: '/features',
  about: '/about',
  pricing: '/pricing',
  userPricing: '/user/pricing',
  marketplace: '/marketplace',
  marketplacePrompt: '/marketplace/:id',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  support: '/support',
  login: '/auth/login',
  signup: '/auth/signup',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password/:token',
  playground: '/playground',
  sharedConversation: '/share/:id',
  dashboard: '/dashboard',
  library: '/library',
  settings: '/settings',
  apiKeys: '/settings/api-keys',
  notifications: '/notifications',
  team: '/team',
  joinTeam: '/team/join/:token',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminMarketplace: '/admin/marketplace',
  adminUsers: '/admin/users',
  adminPlans: '/admin/plans',
  adminSettings: '/admin/settings',
  adminAudit: '/admin/audit',
  adminModels: '/admin/models',
  adminMessages: '/admin/messages',
  adminJobs: '/admin/jobs',
  adminPayouts: '/admin/payouts',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

const patterns = Object.values(PAGE_PATHS).map(
  (p) => new RegExp('^' + p.replace(/:[a-zA-Z]+/g, '[^/]+') + '/?$'),
);

/** True when the SPA has a page for this path (query string excluded). */
export function isKnownPagePath(pathname: string): boolean {
  return patterns.some((re) => re.test(pathname));
}
