import {
  ArrowLeftIcon,
  BotIcon,
  CreditCardIcon,
  InboxIcon,
  ListChecksIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  MenuIcon,
  ScrollTextIcon,
  SearchIcon,
  SettingsIcon,
  StoreIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Logo, LogoMark } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { UserAvatar } from '@/components/layout/user-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { ADMIN_PATHS, adminSearchTarget } from '@/features/admin/lib/admin-search';
import { useAdminAppearance } from '@/features/admin/settings/hooks/use-admin-appearance';
import { useSaveAdminTheme } from '@/features/admin/settings/hooks/use-save-admin-theme';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { PageFallback } from '../page-fallback';

/** The admin sidebar, in the spec's order (section 2, admin layout). */
const SIDEBAR_LINKS = [
  { label: 'Dashboard', to: ADMIN_PATHS.dashboard, Icon: LayoutDashboardIcon },
  { label: 'Marketplace', to: ADMIN_PATHS.marketplace, Icon: StoreIcon },
  { label: 'Plans', to: ADMIN_PATHS.plans, Icon: CreditCardIcon },
  { label: 'Models', to: ADMIN_PATHS.models, Icon: BotIcon },
  { label: 'Users', to: ADMIN_PATHS.users, Icon: UsersIcon },
  { label: 'Audit Log', to: ADMIN_PATHS.audit, Icon: ScrollTextIcon },
  { label: 'Messages', to: ADMIN_PATHS.messages, Icon: InboxIcon },
  { label: 'Jobs', to: ADMIN_PATHS.jobs, Icon: ListChecksIcon },
  { label: 'Payouts', to: ADMIN_PATHS.payouts, Icon: WalletIcon },
] as const;

/**
 * The sidebar. Collapsed (Admin Settings > Theme), it shows icons only, each still named for screen
 * readers and with a tooltip.
 */
function SidebarContent({ onNavigate, collapsed = false }: { onNavigate?: () => void; collapsed?: boolean }) {
  const itemClass = cn(
    'flex items-center gap-3 rounded-md py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4 [&_svg]:shrink-0',
    collapsed ? 'justify-center px-2' : 'px-3',
  );
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn('flex h-16 items-center gap-2 border-b', collapsed ? 'justify-center px-2' : 'px-5')}
      >
        <Link
          to={ADMIN_PATHS.dashboard}
          onClick={onNavigate}
          aria-label="Admin dashboard"
          className="-m-1 rounded-md p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {collapsed ? <LogoMark className="size-8" /> : <Logo />}
        </Link>
        {collapsed ? null : <Badge variant="secondary">Admin</Badge>}
      </div>
      <nav aria-label="Admin" className={cn('flex flex-1 flex-col gap-1', collapsed ? 'p-2' : 'p-3')}>
        {SIDEBAR_LINKS.map(({ label, to, Icon }) => (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            aria-label={collapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                itemClass,
                isActive
                  ? 'bg-primary/10 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )
            }
          >
            <Icon aria-hidden />
            {collapsed ? null : label}
          </NavLink>
        ))}
      </nav>
      <div className={cn('border-t', collapsed ? 'p-2' : 'p-3')}>
        <Link
          to={PAGE_PATHS.home}
          onClick={onNavigate}
          title={collapsed ? 'Back to site' : undefined}
          aria-label={collapsed ? 'Back to site' : undefined}
          className={cn(itemClass, 'text-muted-foreground hover:bg-accent hover:text-foreground')}
        >
          <ArrowLeftIcon aria-hidden />
          {collapsed ? null : 'Back to site'}
        </Link>
      </div>
    </div>
  );
}

/** The header search: a section keyword opens that section, anything else searches the prompts. */
function AdminSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const inputId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = adminSearchTarget(text);
    if (!target) return;
    void navigate(target);
    setText('');
  };
  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full max-w-md">
      <label htmlFor={inputId} className="sr-only">
        Search the admin panel
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={inputId}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search users, prompts…"
        className="h-9 bg-muted/50 pl-9"
        enterKeyHint="search"
      />
    </form>
  );
}

function AdminMenu() {
  const { user, logout } = useAuth();
  if (!user) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`Admin menu for ${user.name}`}
        >
          <UserAvatar name={user.name} src={user.avatar} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="py-2 font-normal">
          <span className="block truncate text-sm font-medium text-foreground">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ADMIN_PATHS.settings}>
            <SettingsIcon aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={logout}>
          <LogOutIcon aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The admin panel's frame (spec section 2): a left sidebar (a sheet on small screens), a header with
 * the search and the admin menu, and the page. The signed-in admin's appearance settings apply here.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The admin's saved theme and accent colour apply to the whole panel; the sidebar may collapse.
  const { sidebarCollapsed } = useAdminAppearance();
  const saveTheme = useSaveAdminTheme();
  return (
    <div
      data-sidebar={sidebarCollapsed ? 'collapsed' : 'expanded'}
      className={cn(
        'min-h-dvh bg-muted/30 lg:grid',
        sidebarCollapsed ? 'lg:grid-cols-[4rem_minmax(0,1fr)]' : 'lg:grid-cols-[16rem_minmax(0,1fr)]',
      )}
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh border-r bg-background lg:block">
        <SidebarContent collapsed={sidebarCollapsed} />
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur-lg sm:gap-4 sm:px-6">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="shrink-0 lg:hidden" aria-label="Open admin menu">
                <MenuIcon className="size-5!" aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-72 gap-0 p-0">
              <SheetTitle className="sr-only">Admin navigation</SheetTitle>
              <SheetDescription className="sr-only">Sections of the admin panel</SheetDescription>
              <SidebarContent onNavigate={() => setMenuOpen(false)} />
            </SheetContent>
          </Sheet>
          <AdminSearch />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <ThemeToggle onChoose={saveTheme} />
            <AdminMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-6xl">
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
