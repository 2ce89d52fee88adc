import { MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { AUTH_LINKS, type NavLinkItem } from './nav-links';

/** The collapsible menu below the md breakpoint: a sheet repeating the top navigation. */
export function MobileMenu({ links, className }: { links: readonly NavLinkItem[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label="Open menu">
          <MenuIcon className="size-5!" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="gap-0">
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
        <SheetFooter className="mt-0">
          <Button asChild variant="outline" size="lg" onClick={close}>
            <Link to={AUTH_LINKS.login.to}>{AUTH_LINKS.login.label}</Link>
          </Button>
          <Button asChild size="lg" onClick={close}>
            <Link to={AUTH_LINKS.signup.to}>{AUTH_LINKS.signup.label}</Link>
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
