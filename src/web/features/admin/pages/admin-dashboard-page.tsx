import {
  ArrowRightIcon,
  CreditCardIcon,
  MailIcon,
  SettingsIcon,
  ShieldCheckIcon,
  StoreIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useAdminSession } from '../api/get-admin-session';
import { ADMIN_PATHS } from '../lib/admin-search';

const SECTIONS = [
  {
    to: ADMIN_PATHS.marketplace,
    title: 'Marketplace',
    description: 'Review, feature and moderate the prompts creators publish.',
    Icon: StoreIcon,
  },
  {
    to: ADMIN_PATHS.plans,
    title: 'Plans',
    description: 'Set prices, allowances and features of the subscription plans.',
    Icon: CreditCardIcon,
  },
  {
    to: ADMIN_PATHS.users,
    title: 'Users',
    description: 'Find accounts, see their usage, suspend or restore access.',
    Icon: UsersIcon,
  },
  {
    to: ADMIN_PATHS.settings,
    title: 'Settings',
    description: 'Your admin profile, notifications and security preferences.',
    Icon: SettingsIcon,
  },
] as const;

/** /admin/dashboard: who is signed in to the panel (as the server sees them) and the way to each section. */
export function AdminDashboardPage() {
  const session = useAdminSession();
  const { user: signedIn } = useAuth();
  const admin = session.data ?? signedIn;

  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Manage Promptforge&apos;s marketplace, plans and people.</p>
      </header>

      <Card className="flex items-center gap-4 p-5 sm:p-6">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/20">
          <ShieldCheckIcon className="size-6" aria-hidden />
        </div>
        {admin ? (
          <div className="min-w-0">
            <h2 className="text-lg font-semibold tracking-tight break-words">Welcome, {admin.name}</h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <MailIcon className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{admin.email}</span>
              <span aria-hidden>·</span>
              <span>Administrator</span>
            </p>
          </div>
        ) : (
          <div className="grid flex-1 gap-2" role="status" aria-label="Loading">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-64" />
          </div>
        )}
      </Card>

      <section aria-labelledby="admin-sections-title">
        <h2 id="admin-sections-title" className="text-sm font-medium text-muted-foreground">
          Sections
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {SECTIONS.map(({ to, title, description, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5 font-medium">
                    {title}
                    <ArrowRightIcon
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden
                    />
                  </span>
                  <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
