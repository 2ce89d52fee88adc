import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AdminSettings } from '@shared/admin-settings';
import { showErrorToast } from '@/lib/error-toast';
import { type Theme, useTheme } from '@/lib/theme';
import { adminSettingsQueryKey, getAdminSettingsQueryOptions } from '../api/get-admin-settings';
import { useUpdateAdminSettings } from '../api/update-admin-settings';

/**
 * The admin panel's theme toggle: the admin's theme is the one saved in Admin Settings (decision
 * 040), so a choice in the panel's header is saved there too, not only on this device. It shows at
 * once; the saved settings are updated before the server answers (so nothing applies the old one
 * meanwhile), and both go back, with the spec's error toast, if the save fails.
 */
export function useSaveAdminTheme(): (theme: Theme) => void {
  const queryClient = useQueryClient();
  const { setTheme } = useTheme();
  const { mutate } = useUpdateAdminSettings();

  return useCallback(
    (theme: Theme) => {
      setTheme(theme);
      void (async () => {
        let before: AdminSettings;
        try {
          // The theme section is saved whole: the accent and the sidebar as they are.
          before = await queryClient.ensureQueryData(getAdminSettingsQueryOptions());
        } catch (err) {
          showErrorToast(err, { title: 'Error', description: 'Failed to update theme settings' });
          return;
        }
        if (before.theme.theme === theme) return;
        const section = { ...before.theme, theme };
        queryClient.setQueryData<AdminSettings>(adminSettingsQueryKey, { ...before, theme: section });
        mutate(
          { theme: section },
          {
            onError: (err) => {
              queryClient.setQueryData(adminSettingsQueryKey, before);
              setTheme(before.theme.theme);
              showErrorToast(err, { title: 'Error', description: 'Failed to update theme settings' });
            },
          },
        );
      })();
    },
    [queryClient, setTheme, mutate],
  );
}
