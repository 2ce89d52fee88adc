/*
 * The admin header's search (spec section 2, admin layout): a keyword opens its section; any other
 * text searches the marketplace prompts.
 */

export const ADMIN_PATHS = {
  dashboard: '/admin/dashboard',
  marketplace: '/admin/marketplace',
  plans: '/admin/plans',
  users: '/admin/users',
  settings: '/admin/settings',
  audit: '/admin/audit',
  models: '/admin/models',
  messages: '/admin/messages',
  jobs: '/admin/jobs',
  payouts: '/admin/payouts',
} as const;

const KEYWORDS: readonly [readonly string[], string][] = [
  [['user', 'member', 'customer'], ADMIN_PATHS.users],
  [['prompt', 'marketplace', 'template'], ADMIN_PATHS.marketplace],
  [['plan', 'subscription', 'pricing'], ADMIN_PATHS.plans],
  [['dashboard', 'analytics', 'stats'], ADMIN_PATHS.dashboard],
  [['setting', 'config', 'preference'], ADMIN_PATHS.settings],
];

/** Where a search goes, or null for blank text. Keywords match anywhere in the text, in any case. */
export function adminSearchTarget(text: string): string | null {
  const query = text.trim();
  if (!query) return null;
  const lower = query.toLowerCase();
  for (const [words, path] of KEYWORDS) {
    if (words.some((word) => lower.includes(word))) return path;
  }
  return `${ADMIN_PATHS.marketplace}?${new URLSearchParams({ search: query }).toString()}`;
}
