import type { toast as sonnerToast } from 'sonner';

/**
 * Raises a toast with sonner loaded on first use, so the toast library is not part of a page's first
 * download (decision 011). The toaster, mounted when the browser is idle, shows toasts raised earlier.
 */
export function withToast(show: (toast: typeof sonnerToast) => void): void {
  void import('sonner').then(({ toast }) => show(toast));
}
