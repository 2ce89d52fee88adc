import { useRef } from 'react';

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Focus back where it was when a Radix dialog or sheet closes. Radix returns it to a
 * `DialogTrigger` only; a dialog opened by a shortcut, a button's onClick or a row's action would
 * leave the keyboard (and a screen reader) at the top of the page. A caller's own handler that calls
 * `preventDefault()` still decides; an opener no longer on the page leaves Radix's default.
 */
export function useFocusReturn(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix calls this before it moves the focus in: the active element is still the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
