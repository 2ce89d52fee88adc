import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamInvitationCreatedSchema } from '@shared/teams';
import { api } from '@/lib/api-client';
import { teamKeys } from './get-team';

/** POST /api/team/invitations: mails the link; refused when the plan has no seat left. */
export async function inviteMember(body: { email: string; role: 'admin' | 'member' }) {
  return TeamInvitationCreatedSchema.parse(await api.post<unknown>('/team/invitations', body));
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
