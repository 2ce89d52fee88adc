import { ArrowLeftIcon, KeyRoundIcon, PlugIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApiKeyCreated } from '@shared/api-keys';
import { PAGE_PATHS } from '@shared/routes';
import { PageCardsLoading, PageLoadFailed } from '@/components/page-states';
import { ComparePlansNote } from '@/components/compare-plans-note';
import { SectionCard } from '@/components/section-card';
import { CreateKeyForm } from '@/components/api-keys/create-key-form';
import { KeysList } from '@/components/api-keys/keys-list';
import { NewKeyNotice } from '@/components/api-keys/new-key-notice';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { UsageExamples } from '../components/usage-examples';

function NoApiAccess() {
  return (
    <SectionCard
      id="create-key"
      title="API access"
      description="Your plan does not include API access."
      icon={<SparklesIcon />}
    >
      <ComparePlansNote testId="no-api-access">
        API keys and the MCP server come with plans that include API access. Keys you made before stop working
        while your plan does not include it.
      </ComparePlansNote>
    </SectionCard>
  );
}

/** /settings/api-keys: make, list and revoke API keys (issue 59). */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <Link
        to={PAGE_PATHS.settings}
        className="mb-6 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Settings
      </Link>
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">API keys</h1>
        <p className="mt-2 text-muted-foreground">
          Use your prompts from scripts and AI tools. Each key has a name, scopes and an expiry, and can be
          revoked at any time.
        </p>
      </header>
      {keys.isPending ? (
        <PageCardsLoading label="Loading API keys" />
      ) : keys.isError ? (
        <PageLoadFailed what="API keys" onRetry={() => void keys.refetch()} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          {keys.data.apiAccess ? (
            <SectionCard
              id="create-key"
              title="Create a key"
              description="You see the key once, when it is made."
              icon={<KeyRoundIcon />}
            >
              <div className="grid gap-5">
                {created ? <NewKeyNotice created={created} onDismiss={() => setCreated(null)} /> : null}
                <CreateKeyForm create={create} onCreated={setCreated} />
              </div>
            </SectionCard>
          ) : (
            <NoApiAccess />
          )}
          <SectionCard
            id="your-keys"
            title="Your keys"
            description="When each was last used, and when it expires."
            icon={<KeyRoundIcon />}
          >
            <KeysList keys={keys.data.keys} revoke={revoke} />
          </SectionCard>
          <SectionCard
            id="use-key"
            title="Use a key"
            description="From a script, or from an AI tool over MCP."
            icon={<PlugIcon />}
          >
            <UsageExamples origin={window.location.origin} />
          </SectionCard>
        </div>
      )}
    </div>
  );
}
