import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type Theme, useTheme } from '@/lib/theme';
import { menuOnDemand } from './menu-on-demand';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

const ThemeMenu = menuOnDemand(async () => (await import('./theme-menu')).ThemeMenu);

/**
 * Theme menu: Light, Dark or System. The button shows what is on screen now. A choice applies to
 * this device unless `onChoose` takes it (the admin panel saves it to the admin's settings).
 */
export function ThemeToggle({
  className,
  onChoose,
}: {
  className?: string;
  onChoose?: (theme: Theme) => void;
}) {
  const { theme, resolvedTheme } = useTheme();
  return (
    <ThemeMenu
      labels={LABELS}
      onChoose={onChoose}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label="Toggle theme"
          aria-haspopup="menu"
          title={`Theme: ${LABELS[theme]}`}
        >
          {resolvedTheme === 'dark' ? <MoonIcon aria-hidden /> : <SunIcon aria-hidden />}
        </Button>
      }
    />
  );
}
