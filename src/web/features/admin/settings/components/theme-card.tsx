import { CheckIcon, MonitorIcon, MoonIcon, PaletteIcon, SunIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import { ACCENT_COLORS, ADMIN_THEMES, type ThemeSettings } from '@shared/admin-settings';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { useTheme } from '@/lib/theme';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { ACCENT_PALETTE } from '../lib/accent';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';

const THEME_OPTIONS = {
  light: { label: 'Light', Icon: SunIcon },
  dark: { label: 'Dark', Icon: MoonIcon },
  system: { label: 'System', Icon: MonitorIcon },
} as const;

const radioItem = cn(
  'group flex cursor-pointer items-center gap-2.5 rounded-lg border bg-background px-3 py-2.5 text-left text-sm font-medium transition-colors',
  'hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
  'data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
);

/** Theme, accent colour and a collapsed sidebar for the admin panel, applied once saved. */
export function ThemeCard({ theme }: { theme: ThemeSettings }) {
  const [values, setValues] = useState(theme);
  // The header's toggle saves the theme too (decision 040): follow it, keeping unsaved accent and sidebar changes.
  const [savedTheme, setSavedTheme] = useState(theme.theme);
  if (theme.theme !== savedTheme) {
    setSavedTheme(theme.theme);
    setValues((s) => ({ ...s, theme: theme.theme }));
  }
  const update = useUpdateAdminSettings();
  const { resolvedTheme } = useTheme();

  const save = () =>
    update.mutate(
      { theme: values },
      {
        onSuccess: () =>
          withToast((toast) =>
            toast.success('Theme Updated', { description: 'Your appearance settings have been saved.' }),
          ),
        onError: (err) =>
          showErrorToast(err, { title: 'Error', description: 'Failed to update theme settings' }),
      },
    );

  return (
    <SettingsCard
      id="theme"
      title="Theme"
      description="How the admin panel looks: colour theme, accent colour and sidebar."
      icon={<PaletteIcon />}
      saveLabel="Save Theme"
      saving={update.isPending}
      onSave={save}
    >
      <div className="grid gap-2">
        <Label id="admin-theme-label">Theme</Label>
        <RadioGroup.Root
          aria-labelledby="admin-theme-label"
          value={values.theme}
          onValueChange={(v) => {
            const next = ADMIN_THEMES.find((t) => t === v);
            if (next) setValues((s) => ({ ...s, theme: next }));
          }}
          className="grid grid-cols-3 gap-2"
        >
          {ADMIN_THEMES.map((value) => {
            const { label, Icon } = THEME_OPTIONS[value];
            return (
              <RadioGroup.Item key={value} value={value} className={radioItem}>
                <Icon
                  className="size-4 text-muted-foreground group-data-[state=checked]:text-primary"
                  aria-hidden
                />
                {label}
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </div>
      <div className="grid gap-2">
        <Label id="admin-accent-label">Accent colour</Label>
        <RadioGroup.Root
          aria-labelledby="admin-accent-label"
          value={values.accentColor}
          onValueChange={(v) => {
            const next = ACCENT_COLORS.find((c) => c === v);
            if (next) setValues((s) => ({ ...s, accentColor: next }));
          }}
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {ACCENT_COLORS.map((value) => {
            const swatch = ACCENT_PALETTE[value];
            return (
              <RadioGroup.Item key={value} value={value} className={radioItem}>
                <span
                  aria-hidden
                  className="flex size-5 items-center justify-center rounded-full text-white shadow-inner ring-1 ring-black/10"
                  style={{ background: swatch[resolvedTheme].primary }}
                >
                  <CheckIcon className="hidden size-3 group-data-[state=checked]:block" />
                </span>
                {swatch.label}
              </RadioGroup.Item>
            );
          })}
        </RadioGroup.Root>
      </div>
      <SwitchRow
        label="Collapse sidebar"
        description="Show only icons in the sidebar, leaving more room for tables."
        checked={values.sidebarCollapsed}
        onCheckedChange={(checked) => setValues((s) => ({ ...s, sidebarCollapsed: checked }))}
      />
    </SettingsCard>
  );
}
