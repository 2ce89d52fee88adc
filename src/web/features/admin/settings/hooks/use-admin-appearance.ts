import { useEffect } from 'react';
import type { ThemeSettings } from '@shared/admin-settings';
import { useTheme } from '@/lib/theme';
import { useAdminSettings } from '../api/get-admin-settings';
import { accentVariables } from '../lib/accent';

/**
 * Applies the admin's saved appearance while the admin panel is open: the theme (the panel's theme
 * is the saved one, decision 040: the header's toggle saves it too, so a reload keeps the choice),
 * the accent colour as the primary colour (on the root
 * element, so dialogs and menus rendered outside the layout get it too), and returns whether the
 * sidebar is collapsed.
 */
export function useAdminAppearance(): { sidebarCollapsed: boolean; appearance: ThemeSettings | undefined } {
  const { data } = useAdminSettings();
  const appearance = data?.theme;
  const { setTheme, resolvedTheme } = useTheme();
  const savedTheme = appearance?.theme;
  const accent = appearance?.accentColor;

  useEffect(() => {
    if (savedTheme) setTheme(savedTheme);
  }, [savedTheme, setTheme]);

  useEffect(() => {
    if (!accent) return;
    const root = document.documentElement;
    const variables = accentVariables(accent, resolvedTheme);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.dataset.adminAccent = accent;
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
      delete root.dataset.adminAccent;
    };
  }, [accent, resolvedTheme]);

  return { sidebarCollapsed: appearance?.sidebarCollapsed ?? false, appearance };
}
