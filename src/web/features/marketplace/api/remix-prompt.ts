import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatorPrompt } from '@shared/creator';
import { apiRequestWithMessage } from '@/lib/api-client';
import { ACCOUNT_QUERY_SCOPE } from '@/lib/auth';

/**
 * POST /api/user/remixes: a new draft of the user's made from this prompt, crediting it. The answer
 * is not parsed by the studio's schema here: that would load the schemas' chunk with every prompt
 * page (decision 011), and the server's response schema has shaped it already.
 */
export async function remixPrompt(promptId: string): Promise<CreatorPrompt> {
  const { data } = await apiRequestWithMessage<{ prompt: CreatorPrompt }>('/user/remixes', {
    method: 'POST',
    body: { promptId },
  });
  return data.prompt;
}

/**
 * Failures raise the spec's error toast through the query client. A remix is a new prompt of the
 * user's and a new count on its source: the studio's cache ('creator', inside the account scope)
 * and the catalogue's ('marketplace') are refreshed; this feature cannot import the studio's keys.
 */
export function useRemixPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remixPrompt,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_SCOPE, 'creator'] }),
        queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
      ]),
  });
}
