import { BookOpenIcon, PlayIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { Button } from '@/components/ui/button';

/** A team prompt's two ways in: its page, and the playground with it. */
export function TeamPromptActions({ slug, promptId }: { slug: string; promptId: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={PAGE_PATHS.marketplacePrompt.replace(':id', slug)}>
          <BookOpenIcon aria-hidden />
          Read
        </Link>
      </Button>
      <Button asChild size="sm">
        <Link to={`${PAGE_PATHS.playground}?prompt=${encodeURIComponent(promptId)}`}>
          <PlayIcon aria-hidden />
          Use in playground
        </Link>
      </Button>
    </div>
  );
}
