import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserInput, type CreateUserResult, CreateUserResultSchema } from '@shared/admin-users';
import { api } from '@/lib/api-client';
import { ADMIN_DASHBOARD_SCOPE, adminUsersKeys } from './query-keys';

/** POST /api/admin/users: a one-time password in the answer, or a set-password e-mail. */
export async function createUser(input: CreateUserInput): Promise<CreateUserResult> {
  return CreateUserResultSchema.parse(await api.post<unknown>('/admin/users', input));
}

/** The dialog shows field errors itself (meta silent); the list and the dashboard refresh. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        queryClient.invalidateQueries({ queryKey: ADMIN_DASHBOARD_SCOPE }),
      ]),
  });
}
