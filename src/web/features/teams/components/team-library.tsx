import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import type { TeamPrompt } from '@shared/teams';
import { formatDate } from '@/lib/format';
import { TeamPromptActions } from './team-prompt-actions';

/** The prompts shared with the team: every member reads them and uses them in the playground. */
export function TeamLibrary({ prompts }: { prompts: TeamPrompt[] }) {
  if (prompts.length === 0) {
    return (
      <div className="grid gap-3 text-sm text-muted-foreground" data-testid="team-library-empty">
        <p>
          No team prompts yet. In your dashboard, create a prompt and choose “Share with my team”: only your
          team's members can read it.
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to={`${PAGE_PATHS.dashboard}?tab=upload`}>Create a team prompt</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Team prompts">
      {prompts.map((p) => (
        <li key={p.id} data-testid="team-prompt" className="grid gap-3 rounded-lg border p-4">
          <div className="grid min-w-0 gap-1">
            <Link
              to={PAGE_PATHS.marketplacePrompt.replace(':id', p.slug)}
              className="font-medium break-words hover:underline"
            >
              {p.title}
            </Link>
            <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>
            <p className="text-xs text-muted-foreground">
              By {p.authorName} · updated {formatDate(p.updatedAt)}
            </p>
          </div>
          <TeamPromptActions slug={p.slug} promptId={p.id} />
        </li>
      ))}
    </ul>
  );
}
