import type { User } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { menuOnDemand } from './menu-on-demand';
import { UserAvatar } from './user-avatar';

const UserMenuContent = menuOnDemand(async () => (await import('./user-menu-content')).UserMenuContent);

/** The signed-in user's menu (spec section 2): Dashboard, Settings, Admin Panel for admins, Log out. */
export function UserMenu({
  user,
  onLogout,
  className,
}: {
  user: User;
  onLogout: () => void;
  className?: string;
}) {
  return (
    <UserMenuContent
      user={user}
      onLogout={onLogout}
      trigger={
        <Button
          variant="ghost"
          className={cn('h-10 gap-2 rounded-full px-1.5 lg:pr-3', className)}
          aria-label={`Account menu for ${user.name}`}
          aria-haspopup="menu"
        >
          <UserAvatar name={user.name} src={user.avatar} />
          <span className="hidden max-w-36 truncate text-sm font-medium lg:inline">{user.name}</span>
        </Button>
      }
    />
  );
}
