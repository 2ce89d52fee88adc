import { PAGE_PATHS } from '@shared/routes';

/** A top-navigation entry. `end` makes the link active only on its exact path (Home). */
export interface NavLinkItem {
  label: string;
  to: string;
  end?: boolean;
}

/** Signed-out top navigation, in the spec's order (section 2, "Navigation"). */
export const PUBLIC_NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', to: PAGE_PATHS.home, end: true },
  { label: 'Marketplace', to: PAGE_PATHS.marketplace },
  { label: 'Features', to: PAGE_PATHS.features },
  { label: 'About', to: PAGE_PATHS.about },
  { label: 'Pricing', to: PAGE_PATHS.pricing },
];

/** Signed-in top navigation, in the spec's order. */
export const SIGNED_IN_NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', to: PAGE_PATHS.home, end: true },
  { label: 'Marketplace', to: PAGE_PATHS.marketplace },
  { label: 'Playground', to: PAGE_PATHS.playground },
  { label: 'Dashboard', to: PAGE_PATHS.dashboard },
  { label: 'Pricing', to: PAGE_PATHS.pricing },
];

export const AUTH_LINKS = {
  login: { label: 'Login', to: PAGE_PATHS.login },
  signup: { label: 'Sign Up', to: PAGE_PATHS.signup },
} as const;

/** The user menu's pages (spec section 2); the Admin Panel entry is for administrators only. */
export const ACCOUNT_LINKS = {
  dashboard: { label: 'Dashboard', to: PAGE_PATHS.dashboard },
  library: { label: 'My library', to: PAGE_PATHS.library },
  settings: { label: 'Settings', to: PAGE_PATHS.settings },
  team: { label: 'Team', to: PAGE_PATHS.team },
  adminPanel: { label: 'Admin Panel', to: PAGE_PATHS.adminDashboard },
} as const;
