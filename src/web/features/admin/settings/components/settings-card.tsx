import { LoaderCircleIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { SectionHeader } from '@/components/section-header';
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
        <SectionHeader headingId={headingId} title={title} description={description} icon={icon} />
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
