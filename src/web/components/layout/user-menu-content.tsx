import {
  LayoutDashboardIcon,
  LibraryIcon,
  LogOutIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@shared/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OnDemandMenuProps } from './menu-on-demand';
import { ACCOUNT_LINKS } from './nav-links';
import { UserAvatar } from './user-avatar';

/** The user menu itself (loaded on first use by UserMenu). */
export function UserMenuContent({
  user,
  onLogout,
  trigger,
  defaultOpen,
}: OnDemandMenuProps & { user: User; onLogout: () => void }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <UserAvatar name={user.name} src={user.avatar} className="size-9" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-foreground">{user.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to={ACCOUNT_LINKS.dashboard.to}>
              <LayoutDashboardIcon aria-hidden />
              {ACCOUNT_LINKS.dashboard.label}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={ACCOUNT_LINKS.library.to}>
              <LibraryIcon aria-hidden />
              {ACCOUNT_LINKS.library.label}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={ACCOUNT_LINKS.settings.to}>
              <SettingsIcon aria-hidden />
              {ACCOUNT_LINKS.settings.label}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={ACCOUNT_LINKS.team.to}>
              <UsersIcon aria-hidden />
              {ACCOUNT_LINKS.team.label}
            </Link>
          </DropdownMenuItem>
          {user.role === 'admin' ? (
            <DropdownMenuItem asChild>
              <Link to={ACCOUNT_LINKS.adminPanel.to}>
                <ShieldIcon aria-hidden />
                {ACCOUNT_LINKS.adminPanel.label}
              </Link>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onLogout}>
          <LogOutIcon aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
