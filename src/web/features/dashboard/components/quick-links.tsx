import { ChevronRightIcon, CreditCardIcon, SettingsIcon, StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const LINKS = [
  {
    to: PAGE_PATHS.marketplace,
    label: 'Marketplace',
    description: 'Find prompts by category, rating and price',
    Icon: StoreIcon,
  },
  {
    to: PAGE_PATHS.pricing,
    label: 'Pricing',
    description: 'Compare plans and playground allowances',
    Icon: CreditCardIcon,
  },
  {
    to: PAGE_PATHS.settings,
    label: 'Settings',
    description: 'Profile, password and appearance',
    Icon: SettingsIcon,
  },
] as const;

export function QuickLinks() {
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Quick links</CardTitle>
        <CardDescription>Jump to the places you use most.</CardDescription>
      </CardHeader>
      <nav aria-label="Quick links" className="px-3 pb-3">
        <ul className="grid gap-1">
          {LINKS.map(({ to, label, description, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex items-center gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block truncate text-xs text-muted-foreground">{description}</span>
                </span>
                <ChevronRightIcon
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
