import {
  LayoutDashboardIcon,
  LibraryIcon,
  LogOutIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from 'lucide-react';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import type { User } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { ACCOUNT_LINKS, AUTH_LINKS, type NavLinkItem } from './nav-links';
import { UserAvatar } from './user-avatar';

export interface MobileMenuProps {
  links: readonly NavLinkItem[];
  /** The signed-in user, whose account links replace Login and Sign Up. */
  user?: User | null;
  /** The session is still being checked: offer neither. */
  pending?: boolean;
  onLogout?: () => void;
}

interface MobileMenuSheetProps extends MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the sheet, which gets the focus back when it closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

const accountLinkClass =
  'flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium text-muted-foreground transition-colors hover:bg-accent/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4';

/** The mobile menu's sheet: the top navigation and the user menu (loaded on first use by MobileMenu). */
export function MobileMenuSheet({
  links,
  user,
  pending = false,
  onLogout,
  open,
  onOpenChange,
  triggerRef,
}: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="gap-0 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle asChild>
            <div>
              <Logo />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 p-3">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              onClick={close}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2.5 text-base font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isActive
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <Separator />
        {user ? (
          <div className="flex flex-col gap-1 p-3">
            <div className="flex items-center gap-3 px-3 py-2">
              <UserAvatar name={user.name} src={user.avatar} className="size-9" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{user.name}</p>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
              </div>
            </div>
            <nav aria-label="Account" className="flex flex-col gap-1">
              <Link to={ACCOUNT_LINKS.dashboard.to} onClick={close} className={accountLinkClass}>
                <LayoutDashboardIcon aria-hidden />
                {ACCOUNT_LINKS.dashboard.label}
              </Link>
              <Link to={ACCOUNT_LINKS.library.to} onClick={close} className={accountLinkClass}>
                <LibraryIcon aria-hidden />
                {ACCOUNT_LINKS.library.label}
              </Link>
              <Link to={ACCOUNT_LINKS.settings.to} onClick={close} className={accountLinkClass}>
                <SettingsIcon aria-hidden />
                {ACCOUNT_LINKS.settings.label}
              </Link>
              <Link to={ACCOUNT_LINKS.team.to} onClick={close} className={accountLinkClass}>
                <UsersIcon aria-hidden />
                {ACCOUNT_LINKS.team.label}
              </Link>
              {user.role === 'admin' ? (
                <Link to={ACCOUNT_LINKS.adminPanel.to} onClick={close} className={accountLinkClass}>
                  <ShieldIcon aria-hidden />
                  {ACCOUNT_LINKS.adminPanel.label}
                </Link>
              ) : null}
            </nav>
            <button
              type="button"
              onClick={() => {
                close();
                onLogout?.();
              }}
              className={cn(
                accountLinkClass,
                'cursor-pointer text-destructive hover:bg-destructive/10 hover:text-destructive',
              )}
            >
              <LogOutIcon aria-hidden />
              Log out
            </button>
          </div>
        ) : pending ? null : (
          <SheetFooter className="mt-0">
            <Button asChild variant="outline" size="lg" onClick={close}>
              <Link to={AUTH_LINKS.login.to}>{AUTH_LINKS.login.label}</Link>
            </Button>
            <Button asChild size="lg" onClick={close}>
              <Link to={AUTH_LINKS.signup.to}>{AUTH_LINKS.signup.label}</Link>
            </Button>
          </SheetFooter>
        )}
      </SheetContent>
    </Sheet>
  );
}
