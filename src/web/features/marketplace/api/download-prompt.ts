import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromptDetail } from '@shared/marketplace';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import type { PromptQueryKey } from './get-prompt';

export interface DownloadResult {
  title: string;
  content: string;
  downloads: number;
}

/** The full text for an entitled, signed-in caller; the server counts each user's first download. */
export function downloadPrompt(promptId: string): Promise<DownloadResult> {
  return api.post<DownloadResult>(`/marketplace/prompts/${encodeURIComponent(promptId)}/download`);
}

/** Downloads and brings the page's download count up to date (cards show it too, so lists go stale). */
export function useDownloadPrompt(queryKey: PromptQueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: string) => downloadPrompt(promptId),
    onError: (error) => showErrorToast(error, { title: 'Download failed' }),
    onSuccess: (result) => {
      queryClient.setQueryData<PromptDetail>(queryKey, (current) =>
        current
          ? {
              ...current,
              analytics: { ...current.analytics, downloads: result.downloads },
              access: { ...current.access, downloaded: true },
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['marketplace', 'prompts'] });
    },
  });
}
