import {
  CircleAlertIcon,
  CircleCheckIcon,
  InfoIcon,
  LoaderCircleIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';

export { toast } from 'sonner';

/** Default toast lifetime; spec section 9 says about 4-5 s. */
export const TOAST_DURATION_MS = 4500;

/*
 * Sonner themed with our tokens. Spec section 9: one toast at a time, auto-dismiss, swipe or close
 * to dismiss. Error toasts are the spec's "destructive" ones; raise them through lib/error-toast.
 */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <CircleAlertIcon className="size-4" />,
        loading: <LoaderCircleIcon className="size-4 animate-spin" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--success-bg': 'var(--popover)',
          '--success-text': 'var(--success)',
          '--success-border': 'color-mix(in oklch, var(--success) 40%, var(--border))',
          '--info-bg': 'var(--popover)',
          '--info-text': 'var(--popover-foreground)',
          '--info-border': 'var(--border)',
          '--warning-bg': 'var(--popover)',
          '--warning-text': 'var(--popover-foreground)',
          '--warning-border': 'color-mix(in oklch, var(--warning) 50%, var(--border))',
          '--error-bg': 'var(--destructive)',
          '--error-text': 'var(--destructive-foreground)',
          '--error-border': 'var(--destructive)',
          '--border-radius': 'var(--radius)',
        } as CSSProperties
      }
      toastOptions={{
        classNames: {
          toast: 'font-sans shadow-lg! gap-3!',
          title: 'font-semibold! text-sm!',
          description: 'text-sm! opacity-90',
          closeButton: 'bg-popover! text-popover-foreground! border-border!',
        },
      }}
      {...props}
    />
  );
}
