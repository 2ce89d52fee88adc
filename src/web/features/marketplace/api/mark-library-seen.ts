import { useEffect } from 'react';
import type { LibrarySeen } from '@shared/library';
import { api } from '@/lib/api-client';

/** POST /api/user/library/:id/seen: the signed-in viewer opened the prompt (decision 066). */
export function markLibrarySeen(promptId: string): Promise<LibrarySeen> {
  return api.post<LibrarySeen>(`/user/library/${encodeURIComponent(promptId)}/seen`);
}

/**
 * Tells "My library" that the viewer saw the prompt's current version, so its "updated" badge
 * clears: once per prompt and version shown. A failure only leaves the badge until the next visit.
 */
export function useMarkLibrarySeen(promptId: string, viewerId: string | null, version: number | undefined) {
  useEffect(() => {
    if (viewerId === null || version === undefined) return;
    markLibrarySeen(promptId).catch(() => {});
  }, [promptId, viewerId, version]);
}
