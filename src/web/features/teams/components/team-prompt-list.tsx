import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { TeamPromptActions } from './team-prompt-actions';

/** A team list's empty state (its library, its purchases): what to do, and a way there. */
export function TeamPromptsEmpty(props: { testId: string; to: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-3 text-sm text-muted-foreground" data-testid={props.testId}>
      <p>{props.children}</p>
      <div>
        <Button asChild variant="outline">
          <Link to={props.to}>{props.label}</Link>
        </Button>
      </div>
    </div>
  );
}

/** One prompt the team reads (shared with it or bought for it): its title, what the list says of it, the actions. */
export function TeamPromptItem(props: {
  testId: string;
  slug: string;
  promptId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={props.testId} className="grid gap-3 rounded-lg border p-4">
      <div className="grid min-w-0 gap-1">
        <Link
          to={PAGE_PATHS.marketplacePrompt.replace(':id', props.slug)}
          className="font-medium break-words hover:underline"
        >
          {props.title}
        </Link>
        {props.children}
      </div>
      <TeamPromptActions slug={props.slug} promptId={props.promptId} />
    </li>
  );
}
