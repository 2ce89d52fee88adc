import { MonitorIcon, MoonIcon, PaletteIcon, SunIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { withToast } from '@/lib/lazy-toast';
import { THEMES, type Theme } from '@shared/auth';
import { cn } from '@/lib/cn';
import { showErrorToast } from '@/lib/error-toast';
import { useTheme } from '@/lib/theme';
import { useUpdateSettings } from '../api/update-settings';
import { SectionCard } from '@/components/section-card';

const OPTIONS: Record<Theme, { label: string; description: string; Icon: typeof SunIcon }> = {
  light: { label: 'Light', description: 'Bright and crisp', Icon: SunIcon },
  dark: { label: 'Dark', description: 'Easy on the eyes', Icon: MoonIcon },
  system: { label: 'System', description: 'Follows your device', Icon: MonitorIcon },
};

/**
 * Light, dark or system. The choice applies at once on this device and is saved to the account so it
 * follows the user to the next device they sign in on.
 */
export function ThemeCard() {
  const { theme, setTheme } = useTheme();
  const update = useUpdateSettings();

  const choose = (value: string) => {
    const next = THEMES.find((t) => t === value);
    if (!next || next === theme) return;
    const previous = theme;
    setTheme(next);
    update.mutate(
      { theme: next },
      {
        onSuccess: () =>
          withToast((toast) =>
            toast.success('Theme Updated', {
              description: `${OPTIONS[next].label} theme saved to your account.`,
            }),
          ),
        onError: (err) => {
          setTheme(previous);
          showErrorToast(err, { title: 'Error', description: 'Failed to update theme settings' });
        },
      },
    );
  };

  return (
    <SectionCard
      id="appearance"
      title="Appearance"
      description="Choose how Promptforge looks. System matches your device's light or dark setting."
      icon={<PaletteIcon />}
    >
      <RadioGroup.Root
        value={theme}
        onValueChange={choose}
        aria-label="Theme"
        disabled={update.isPending}
        className="grid gap-3 sm:grid-cols-3"
      >
        {THEMES.map((value) => {
          const { label, description, Icon } = OPTIONS[value];
          return (
            <RadioGroup.Item
              key={value}
              value={value}
              className={cn(
                'group flex cursor-pointer items-center gap-3 rounded-lg border bg-background p-4 text-left transition-colors',
                'hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'disabled:cursor-wait data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-xs text-muted-foreground">{description}</span>
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </SectionCard>
  );
}
