import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type Theme, THEMES, useTheme } from '@/lib/theme';
import type { OnDemandMenuProps } from './menu-on-demand';

const ICONS: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/** The theme menu itself (loaded on first use by ThemeToggle). */
export function ThemeMenu({
  trigger,
  defaultOpen,
  labels,
  onChoose,
}: OnDemandMenuProps & { labels: Record<Theme, string>; onChoose?: (theme: Theme) => void }) {
  const { theme, setTheme } = useTheme();
  const choose = onChoose ?? setTheme;
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => choose(value as Theme)}>
          {THEMES.map((value) => {
            const Icon = ICONS[value];
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon aria-hidden />
                {labels[value]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
