import { BanIcon, CrownIcon, MoreHorizontalIcon, ShieldIcon, UserCheckIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '@shared/admin-users';
import type { UserStatus } from '@shared/constants';
import { UserAvatar } from '@/components/layout/user-avatar';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { withToast } from '@/lib/lazy-toast';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useUpdateUserStatus } from '../api/update-user-status';
import { statusActions } from '../lib/users';

const STATUS_BADGE: Record<UserStatus, { variant: BadgeProps['variant']; label: string }> = {
  active: { variant: 'success', label: 'Active' },
  suspended: { variant: 'warning', label: 'Suspended' },
  banned: { variant: 'destructive', label: 'Banned' },
};

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

const ACTION_ICONS = { active: UserCheckIcon, suspended: UserXIcon, banned: BanIcon } as const;

function RowActions({
  user,
  isSelf,
  onChange,
  onBan,
  busy,
}: {
  user: AdminUser;
  isSelf: boolean;
  onChange: (status: UserStatus) => void;
  onBan: () => void;
  busy: boolean;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${user.name}`} disabled={busy}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">
          {user.email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isSelf ? (
          <DropdownMenuItem disabled>This is your account</DropdownMenuItem>
        ) : (
          statusActions(user.status).map((action) => {
            const Icon = ACTION_ICONS[action.status];
            return (
              <DropdownMenuItem
                key={action.status}
                variant={action.status === 'banned' ? 'destructive' : 'default'}
                onSelect={() => (action.confirm ? onBan() : onChange(action.status))}
              >
                <Icon aria-hidden />
                {action.label}
              </DropdownMenuItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The spec's columns: User, Plan, Status, Usage, Joined, Actions. */
export function UsersTable({
  users,
  currentUserId,
}: {
  users: AdminUser[];
  currentUserId: string | undefined;
}) {
  const update = useUpdateUserStatus();
  const [banning, setBanning] = useState<AdminUser | null>(null);

  const change = (user: AdminUser, status: UserStatus) =>
    update.mutate(
      { id: user.id, status },
      {
        onSuccess: ({ message }) =>
          withToast((toast) =>
            toast.success(message ?? 'User updated', {
              description:
                status === 'active'
                  ? `${user.name} can sign in again.`
                  : `${user.name} has been signed out everywhere.`,
            }),
          ),
      },
    );

  return (
    <>
      <Table aria-label="Users">
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Usage</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => {
            const status = STATUS_BADGE[user.status];
            return (
              <TableRow key={user.id} data-testid="user-row" data-email={user.email}>
                <TableCell className="min-w-56">
                  <div className="flex items-center gap-3">
                    <UserAvatar name={user.name} className="size-9" />
                    <div className="min-w-0">
                      <p className="flex items-center gap-1.5 font-medium">
                        <span className="truncate">{user.name}</span>
                        {user.role === 'admin' ? (
                          <Badge variant="default" className="shrink-0">
                            <ShieldIcon aria-hidden />
                            Admin
                          </Badge>
                        ) : null}
                      </p>
                      <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  <Badge
                    variant={user.subscription.paid ? 'warning' : 'secondary'}
                    className="whitespace-nowrap"
                  >
                    {user.subscription.paid ? <CrownIcon aria-label="Paid plan" /> : null}
                    {user.subscription.plan}
                  </Badge>
                  {user.subscription.status === 'trialing' ? (
                    <p className="mt-1 text-xs text-muted-foreground">Trial</p>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </TableCell>
                <TableCell className="text-xs whitespace-nowrap">
                  <p>{plural(user.usage.playgroundSessions, 'session')}</p>
                  <p className="text-muted-foreground">{plural(user.usage.promptsCreated, 'prompt')}</p>
                  {user.usage.totalSpentMinor > 0 ? (
                    <p className="font-medium text-success">
                      {formatMoney(user.usage.totalSpentMinor)} spent
                    </p>
                  ) : null}
                </TableCell>
                <TableCell className="text-xs whitespace-nowrap">
                  <p>{formatDate(user.joinedAt)}</p>
                  <p className="text-muted-foreground">
                    {user.lastActive ? `Active ${formatDate(user.lastActive)}` : 'Never active'}
                  </p>
                </TableCell>
                <TableCell className="text-right">
                  <RowActions
                    user={user}
                    isSelf={user.id === currentUserId}
                    busy={update.isPending && update.variables?.id === user.id}
                    onChange={(s) => change(user, s)}
                    onBan={() => setBanning(user)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <ConfirmDialog
        mustAnswer
        closeOnConfirm
        open={banning !== null}
        onOpenChange={(open) => !open && setBanning(null)}
        title={`Ban ${banning?.name}?`}
        description={`${banning?.email} is signed out everywhere at once and can no longer sign in or reset their password. You can re-activate the account later.`}
        icon={<BanIcon aria-hidden />}
        confirmLabel="Ban user"
        onConfirm={() => {
          if (banning) change(banning, 'banned');
        }}
      />
    </>
  );
}
