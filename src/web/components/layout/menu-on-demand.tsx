import { type ComponentType, type ReactElement, Suspense, cloneElement, lazy, useState } from 'react';

/** What the real menu receives besides its own props. */
export interface OnDemandMenuProps {
  /** The trigger button, to wrap in the menu's own trigger. */
  trigger: ReactElement;
  /** Open at once: the menu mounts because it was just asked for. */
  defaultOpen?: boolean;
}

interface TriggerHandlers {
  'aria-expanded'?: boolean;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

/**
 * A header menu whose Radix code (menu, popper, floating-ui) stays out of the first download of every
 * page (decision 011). Until first used, the trigger button renders on its own with the same look;
 * the code starts loading when the pointer or the keyboard focus reaches it, and the first click
 * (or Enter or Space) swaps in the real menu, already open. Radix then moves focus into the menu,
 * and back to the trigger when it closes.
 */
export function menuOnDemand<P extends object>(
  load: () => Promise<ComponentType<P & OnDemandMenuProps>>,
): ComponentType<P & { trigger: ReactElement<TriggerHandlers> }> {
  let loading: Promise<ComponentType<P & OnDemandMenuProps>> | undefined;
  const preload = () => (loading ??= load());
  const Menu = lazy(async () => ({ default: await preload() }));

  function MenuOnDemand({ trigger, ...props }: P & { trigger: ReactElement<TriggerHandlers> }) {
    const [used, setUsed] = useState(false);
    if (!used) {
      return cloneElement(trigger, {
        'aria-expanded': false,
        onPointerEnter: () => void preload(),
        onFocus: () => void preload(),
        onClick: () => setUsed(true),
      });
    }
    const menuProps = { ...props, trigger, defaultOpen: true } as P & OnDemandMenuProps;
    return (
      <Suspense fallback={trigger}>
        <Menu {...menuProps} />
      </Suspense>
    );
  }
  return MenuOnDemand;
}
