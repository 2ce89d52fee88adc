import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCopy } from '@/lib/clipboard';

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers and the tooltip: 'Copy message', 'Copy code'. */
  label: string;
  /** Show the word next to the icon. */
  showLabel?: boolean;
  className?: string;
}

/** An icon button that copies text and shows a check mark for a moment. */
export function CopyButton({ text, label, showLabel = false, className }: CopyButtonProps) {
  const { copied, copy } = useCopy();
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={cn('h-7 gap-1.5 px-2 text-xs text-muted-foreground hover:text-foreground', className)}
      onClick={() => void copy(text)}
      // The name stays put (a focused button renamed is read again); the status below says it worked.
      aria-label={label}
      title={copied ? 'Copied' : label}
    >
      {copied ? <CheckIcon aria-hidden className="text-success" /> : <CopyIcon aria-hidden />}
      {showLabel ? <span>{copied ? 'Copied' : 'Copy'}</span> : null}
      <span aria-live="polite" className="sr-only">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </Button>
  );
}
