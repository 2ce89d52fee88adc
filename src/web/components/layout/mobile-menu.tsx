import { MenuIcon } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { MobileMenuProps } from './mobile-menu-sheet';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(async () => ({ default: (await loadSheet()).MobileMenuSheet }));

/**
 * The collapsible menu below the md breakpoint: a sheet repeating the top navigation and the user
 * menu. The sheet (a Radix dialog) loads when the button is first reached or pressed, not with the
 * page (decision 011); the button itself is always there.
 */
export function MobileMenu({ className, ...props }: MobileMenuProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className={className}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5!" aria-hidden />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuSheet {...props} open={open} onOpenChange={setOpen} triggerRef={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
