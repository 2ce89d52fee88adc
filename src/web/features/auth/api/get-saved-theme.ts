import { THEMES, type Theme } from '@shared/auth';
import { api } from '@/lib/api-client';

/** The theme saved to the signed-in account (GET /api/user/settings), or null when it cannot be read. */
export async function getSavedTheme(): Promise<Theme | null> {
  try {
    const data = await api.get<{ theme?: unknown }>('/user/settings');
    return THEMES.find((t) => t === data?.theme) ?? null;
  } catch {
    // Only a preference: signing in goes on without it.
    return null;
  }
}
