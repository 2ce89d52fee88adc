import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

type CtaLink = { to: string; label: string };

/** A site page's two next steps: the main one with its arrow, and the other in outline. */
export function CtaLinks({ primary, secondary }: { primary: CtaLink; secondary: CtaLink }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to={primary.to}>
          {primary.label}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={secondary.to}>{secondary.label}</Link>
      </Button>
    </div>
  );
}
