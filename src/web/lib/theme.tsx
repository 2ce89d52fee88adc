import { type ReactNode, createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/*
 * Light, dark or system (spec section 1), default dark, kept in localStorage. public/theme-init.js
 * applies the same rule before first paint; keep the key, the values and the default in step with it.
 */

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'promptforge-theme';
export const DEFAULT_THEME: Theme = 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The choice made in this page view when storage is blocked. */
let sessionTheme: Theme | null = null;

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): fall back to the default.
    return sessionTheme ?? DEFAULT_THEME;
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/*
 * The stored choice and the OS setting are external stores read with useSyncExternalStore: a page
 * the server rendered (src/web/entry-server.tsx) is hydrated with the server's values (the default
 * theme, a dark OS) and React then re-renders with this browser's, without a hydration mismatch.
 */
const themeListeners = new Set<() => void>();

function subscribeToStoredTheme(onChange: () => void) {
  themeListeners.add(onChange);
  // Another tab changed the theme: follow it so all open tabs agree.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    themeListeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribeToSystemTheme(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const serverTheme = (): Theme => DEFAULT_THEME;
const serverPrefersDark = () => true;

function applyTheme(resolved: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

interface ThemeContextValue {
  /** The user's choice. */
  theme: Theme;
  /** What is on screen: the choice, with 'system' resolved through the OS setting. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

function setTheme(next: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not persisted when storage is blocked; the choice still holds for this page view.
    sessionTheme = next;
  }
  for (const listener of themeListeners) listener();
}

/** The choice and what is on screen, read from the two stores. */
function useThemeStores(): Omit<ThemeContextValue, 'setTheme'> {
  const theme = useSyncExternalStore(subscribeToStoredTheme, readStoredTheme, serverTheme);
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, serverPrefersDark);
  return { theme, resolvedTheme: theme === 'system' ? (systemDark ? 'dark' : 'light') : theme };
}

/*
 * The context holds nothing that changes: each component that shows the theme reads the stores
 * itself. When this browser's values differ from the server's, React re-renders them at once and
 * synchronously after hydrating; a changed context value would reach into the page, which is still
 * being hydrated (inside the layout's Suspense boundary), and make React hydrate all of it in that
 * one long task.
 */
const ThemeContext = createContext<((theme: Theme) => void) | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const { resolvedTheme } = useThemeStores();

  useEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  return <ThemeContext value={setTheme}>{children}</ThemeContext>;
}

/** The current theme and a setter; use inside ThemeProvider (the App provides it). */
export function useTheme(): ThemeContextValue {
  if (!useContext(ThemeContext)) throw new Error('useTheme must be used inside <ThemeProvider>');
  return { ...useThemeStores(), setTheme };
}
