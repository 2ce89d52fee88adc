import { KeyRoundIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, type ApiKey } from '@shared/api-keys';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/lib/error-toast';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { withToast } from '@/lib/lazy-toast';
import { useLastPresent } from '@/lib/use-last-present';

/** The mutation that revokes a key by its id: a user's own (api-keys) or a team's (teams). */
export interface KeyRevoker {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
}

const STATUS_BADGE = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'outline' },
} as const;

/**
 * Keys: name, prefix, scopes, status, expiry and last use, each active one revocable; `detail` adds a
 * line of its own to a key (a team key's maker).
 */
export function KeysList<K extends ApiKey>({
  keys,
  revoke,
  label = 'Your API keys',
  detail,
}: {
  keys: K[];
  revoke: KeyRevoker;
  label?: string;
  detail?: (key: K) => ReactNode;
}) {
  const [revoking, setRevoking] = useState<K | null>(null);
  const shown = useLastPresent(revoking);

  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <KeyRoundIcon className="size-6 text-muted-foreground" aria-hidden />
        <p className="font-medium">No API keys yet</p>
        <p className="text-sm text-muted-foreground">
          Keys you make appear here with when each was last used.
        </p>
      </div>
    );
  }

  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        withToast((toast) =>
          toast.success(API_KEY_MESSAGES.revoked, { description: `${revoking.name} no longer works.` }),
        );
      },
      onError: (err) => showErrorToast(err, { title: 'Error', description: 'Failed to revoke the API key' }),
    });
  };

  return (
    <>
      <ul className="grid gap-3" aria-label={label}>
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} detail={detail?.(key)} onRevoke={() => setRevoking(key)} />
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(next) => !next && setRevoking(null)}
        pending={revoke.isPending}
        title="Revoke this API key?"
        description={
          <>
            <span className="font-medium text-foreground">{shown?.name ?? ''}</span> stops working at once,
            everywhere it is used. This cannot be undone.
          </>
        }
        confirmLabel="Revoke key"
        onConfirm={confirm}
      />
    </>
  );
}

function KeyRow({
  apiKey: key,
  detail,
  onRevoke,
}: {
  apiKey: ApiKey;
  detail?: ReactNode;
  onRevoke: () => void;
}) {
  const badge = STATUS_BADGE[key.status];
  return (
    <li
      data-testid="api-key-row"
      data-status={key.status}
      className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{key.name}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        <code className="text-xs text-muted-foreground">{key.prefix}…</code>
        <div className="flex flex-wrap gap-1">
          {key.scopes.map((s) => (
            <Badge key={s} variant="secondary" className="font-normal">
              {API_KEY_SCOPE_LABELS[s].title}
            </Badge>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {key.lastUsedAt ? `Last used ${formatRelativeTime(key.lastUsedAt)}` : 'Never used'}
          {' · '}
          {key.status === 'revoked' && key.revokedAt
            ? `Revoked ${formatDate(key.revokedAt)}`
            : `${key.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(key.expiresAt)}`}
        </p>
        {detail}
      </div>
      {key.status === 'active' ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start text-destructive hover:text-destructive"
          onClick={onRevoke}
          aria-label={`Revoke ${key.name}`}
        >
          Revoke
        </Button>
      ) : null}
    </li>
  );
}
