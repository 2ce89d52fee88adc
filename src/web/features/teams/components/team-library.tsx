import { PAGE_PATHS } from '@shared/routes';
import type { TeamPrompt } from '@shared/teams';
import { formatDate } from '@/lib/format';
import { TeamPromptItem, TeamPromptsEmpty } from './team-prompt-list';

/** The prompts shared with the team: every member reads them and uses them in the playground. */
export function TeamLibrary({ prompts }: { prompts: TeamPrompt[] }) {
  if (prompts.length === 0) {
    return (
      <TeamPromptsEmpty
        testId="team-library-empty"
        to={`${PAGE_PATHS.dashboard}?tab=upload`}
        label="Create a team prompt"
      >
        No team prompts yet. In your dashboard, create a prompt and choose “Share with my team”: only your
        team's members can read it.
      </TeamPromptsEmpty>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Team prompts">
      {prompts.map((p) => (
        <TeamPromptItem key={p.id} testId="team-prompt" slug={p.slug} promptId={p.id} title={p.title}>
          <p className="line-clamp-2 text-sm text-muted-foreground">{p.description}</p>
          <p className="text-xs text-muted-foreground">
            By {p.authorName} · updated {formatDate(p.updatedAt)}
          </p>
        </TeamPromptItem>
      ))}
    </ul>
  );
}
