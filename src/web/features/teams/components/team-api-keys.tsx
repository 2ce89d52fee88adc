import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { TEAM_API_KEY_SCOPE_DESCRIPTIONS, type TeamApiKey, type TeamApiKeyCreated } from '@shared/api-keys';
import { CreateKeyForm } from '@/components/api-keys/create-key-form';
import { KeysList } from '@/components/api-keys/keys-list';
import { NewKeyNotice } from '@/components/api-keys/new-key-notice';
import { PageCardsLoading, PageLoadFailed } from '@/components/page-states';
import { useCreateTeamApiKey, useRevokeTeamApiKey, useTeamApiKeys } from '../api/team-api-keys';

/** Who made a key, and a warning when it no longer works because they stopped managing the team. */
function MadeBy({ apiKey }: { apiKey: TeamApiKey }) {
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
      <span className="break-words">Made by {apiKey.createdBy.name}</span>
      {apiKey.status === 'active' && !apiKey.creatorManages ? (
        <span className="inline-flex items-center gap-1 text-warning" data-testid="team-key-paused">
          <TriangleAlertIcon className="size-3.5" aria-hidden />
          Not working: its maker is no longer an owner or admin
        </span>
      ) : null}
    </p>
  );
}

/**
 * A team's API keys for its owners and admins (decision 071): make one (shown once), list them with
 * who made each, revoke any. Only the team's plan with API access makes keys.
 */
export function TeamApiKeys() {
  const keys = useTeamApiKeys(true);
  const create = useCreateTeamApiKey();
  const revoke = useRevokeTeamApiKey();
  const [created, setCreated] = useState<TeamApiKeyCreated | null>(null);

  if (keys.isPending) return <PageCardsLoading label="Loading the team's API keys" />;
  if (keys.isError) return <PageLoadFailed what="the team's API keys" onRetry={() => void keys.refetch()} />;
  return (
    <div className="grid gap-6">
      {keys.data.apiAccess ? (
        <div className="grid gap-5">
          {created ? <NewKeyNotice created={created} onDismiss={() => setCreated(null)} /> : null}
          <CreateKeyForm
            create={create}
            onCreated={setCreated}
            label="Create a team API key"
            scopeDescriptions={TEAM_API_KEY_SCOPE_DESCRIPTIONS}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="team-no-api-access">
          The team's plan does not include API access. Keys made before stop working until it does.
        </p>
      )}
      <KeysList
        keys={keys.data.keys}
        revoke={revoke}
        label="The team's API keys"
        detail={(key) => <MadeBy apiKey={key} />}
      />
    </div>
  );
}
