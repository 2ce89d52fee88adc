import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, AdminUserResultSchema } from '@shared/admin-users';
import type { UserStatus } from '@shared/constants';
import { apiRequestWithMessage } from '@/lib/api-client';
import { ADMIN_DASHBOARD_SCOPE, adminUsersKeys } from './query-keys';

/** PUT /api/admin/users/:id/status: suspending or banning also signs the user out everywhere. */
export async function updateUserStatus(input: {
  id: string;
  status: UserStatus;
}): Promise<{ user: AdminUser; message?: string }> {
  const { data, message } = await apiRequestWithMessage<unknown>(
    `/admin/users/${encodeURIComponent(input.id)}/status`,
    { method: 'PUT', body: { status: input.status } },
  );
  return { ...AdminUserResultSchema.parse(data), message };
}

/** A refusal (own account, last admin) raises the error toast with the server's words. */
export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_SCOPE }),
      ]),
  });
}
