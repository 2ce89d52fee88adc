import { LoaderCircleIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

interface SettingsCardProps {
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  saveLabel: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
  /** Extra content in the footer, left of the save button. */
  footer?: ReactNode;
}

/** One of the four Admin Settings cards: a form with its own save button. */
export function SettingsCard({
  id,
  title,
  description,
  icon,
  saveLabel,
  saving,
  onSave,
  children,
  footer,
}: SettingsCardProps) {
  const headingId = `${id}-title`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card id={id} role="region" aria-labelledby={headingId} className="scroll-mt-24 overflow-hidden">
      <form noValidate onSubmit={onSubmit} className="flex h-full flex-col">
        <div className="flex items-start gap-4 border-b p-5 sm:p-6">
          <div
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5"
            aria-hidden
          >
            {icon}
          </div>
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold tracking-tight">
              {title}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        <fieldset disabled={saving} className="grid flex-1 content-start gap-5 p-5 sm:p-6">
          {children}
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t bg-muted/30 px-5 py-4 sm:px-6">
          {footer ? <div className="mr-auto text-xs text-muted-foreground">{footer}</div> : null}
          <Button type="submit" disabled={saving}>
            {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            {saving ? 'Saving…' : saveLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
