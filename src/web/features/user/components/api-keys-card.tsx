import { ChevronRightIcon, KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';

/** Where API keys are made and revoked (their own page, issue 59). */
export function ApiKeysCard() {
  return (
    <SectionCard
      id="api-keys"
      title="API keys"
      description="Use your prompts from scripts and from AI tools over MCP, on plans with API access."
      icon={<KeyRoundIcon />}
    >
      <Button asChild variant="outline">
        <Link to={PAGE_PATHS.apiKeys}>
          Manage API keys
          <ChevronRightIcon aria-hidden />
        </Link>
      </Button>
    </SectionCard>
  );
}
