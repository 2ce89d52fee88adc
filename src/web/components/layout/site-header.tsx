import { type ReactNode, useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { readStoredSession } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { AUTH_LINKS, PUBLIC_NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/** Whether to lay the header out for a signed-in user while the stored session is still being checked. */
function probablySignedIn(): boolean {
  const stored = readStoredSession();
  return Boolean(stored.authToken || stored.adminToken);
}

// Read as an external store: a page the server rendered (it knows no session) is hydrated as signed
// out, then React re-renders with what this browser stores, without a hydration mismatch.
const unchanging = () => () => {};
const onServer = () => false;

/**
 * Sticky top bar: logo, the navigation (signed out or signed in, spec section 2), theme menu, and the
 * auth buttons or the user menu; a menu sheet on phones. `notifications` (the app's bell) shows
 * for a signed-in user.
 */
export function SiteHeader({ notifications }: { notifications?: ReactNode }) {
  const auth = useAuth();
  const stored = useSyncExternalStore(unchanging, probablySignedIn, onServer);
  const signedIn = auth.status === 'authenticated' || (auth.status === 'loading' && stored);
  const links = signedIn ? SIGNED_IN_NAV_LINKS : PUBLIC_NAV_LINKS;
  return (
    <header className="sticky top-0 z-40 w-full border-b border-border/70 bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/65">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 md:px-4 lg:gap-8 lg:px-8">
        <Link
          to="/"
          aria-label="Promptforge home"
          className="-m-1 rounded-md p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-0.5 md:flex lg:gap-1">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'relative rounded-md px-2 py-2 text-sm font-medium lg:px-3 transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  {link.label}
                  <span
                    aria-hidden
                    className={cn(
                      'absolute inset-x-2 -bottom-[13px] lg:inset-x-3 h-0.5 rounded-full bg-primary transition-opacity',
                      isActive ? 'opacity-100' : 'opacity-0',
                    )}
                  />
                </>
              )}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          {auth.user ? notifications : null}
          {auth.user ? (
            <UserMenu user={auth.user} onLogout={auth.logout} className="hidden md:inline-flex" />
          ) : signedIn ? (
            <Skeleton className="hidden size-8 rounded-full md:block" />
          ) : (
            <div className="hidden items-center gap-2 pl-1 md:flex">
              <Button asChild variant="ghost" size="sm" className="h-9 px-3 text-sm lg:px-3.5">
                <Link to={AUTH_LINKS.login.to}>{AUTH_LINKS.login.label}</Link>
              </Button>
              <Button asChild size="sm" className="h-9 px-3 text-sm lg:px-3.5">
                <Link to={AUTH_LINKS.signup.to}>{AUTH_LINKS.signup.label}</Link>
              </Button>
            </div>
          )}
          <MobileMenu
            links={links}
            user={auth.user}
            pending={auth.status === 'loading'}
            onLogout={auth.logout}
            className="md:hidden"
          />
        </div>
      </div>
    </header>
  );
}
