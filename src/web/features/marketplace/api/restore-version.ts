import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

/** POST /api/user/prompts/:id/versions/:n/restore: the author makes an old text the newest version. */
export async function restoreVersion(promptId: string, version: number): Promise<string | undefined> {
  const { message } = await apiRequestWithMessage<unknown>(
    `/user/prompts/${encodeURIComponent(promptId)}/versions/${version}/restore`,
    { method: 'POST' },
  );
  return message;
}

/** Restores, then refreshes the page, its versions and the studio's lists ('marketplace' and account keys). */
export function useRestoreVersion(promptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreVersion(promptId, version),
    onError: (error) => showErrorToast(error, { title: 'Could not restore this version' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  });
}
