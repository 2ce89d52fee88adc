import type { AccentColor } from '@shared/admin-settings';

/*
 * Accent colours of the admin panel (Admin Settings > Theme). Each replaces the design system's
 * primary and ring colours, with a lighter tone on dark backgrounds so contrast holds in both themes
 * (WCAG AA, 4.5:1, for the accent as text on its own 10% tint and for white text on the accent).
 */

interface Tone {
  primary: string;
  foreground: string;
}

export const ACCENT_PALETTE: Record<AccentColor, { label: string; light: Tone; dark: Tone }> = {
  blue: {
    label: 'Blue',
    light: { primary: 'oklch(0.5 0.2 258)', foreground: 'oklch(0.99 0 0)' },
    dark: { primary: 'oklch(0.7 0.15 252)', foreground: 'oklch(0.16 0.03 258)' },
  },
  green: {
    label: 'Green',
    light: { primary: 'oklch(0.48 0.13 152)', foreground: 'oklch(0.99 0 0)' },
    dark: { primary: 'oklch(0.74 0.16 152)', foreground: 'oklch(0.17 0.03 152)' },
  },
  purple: {
    label: 'Purple',
    light: { primary: 'oklch(0.54 0.22 290)', foreground: 'oklch(0.99 0 0)' },
    dark: { primary: 'oklch(0.68 0.19 290)', foreground: 'oklch(0.14 0.02 286)' },
  },
  orange: {
    label: 'Orange',
    light: { primary: 'oklch(0.52 0.17 45)', foreground: 'oklch(0.99 0 0)' },
    dark: { primary: 'oklch(0.75 0.16 55)', foreground: 'oklch(0.18 0.03 50)' },
  },
};

/** The CSS custom properties an accent sets for a resolved theme. */
export function accentVariables(accent: AccentColor, theme: 'light' | 'dark'): Record<string, string> {
  const tone = ACCENT_PALETTE[accent][theme];
  return { '--primary': tone.primary, '--primary-foreground': tone.foreground, '--ring': tone.primary };
}
