import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

type ConfirmDialogProps = {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** Controlled: open, and told when the user dismisses it. Leave both out when a `trigger` opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens an uncontrolled dialog. */
  trigger?: ReactNode;
  /** While true the dialog stays open, both buttons are disabled and the action shows a spinner. */
  pending?: boolean;
  /** The action is shown but cannot be taken (a plan with subscribers). */
  confirmDisabled?: boolean;
  /** Shown before the action's label when nothing is pending. */
  icon?: ReactNode;
  variant?: 'default' | 'destructive';
  /**
   * An alert dialog must be answered: it ignores clicks outside (Escape and Cancel still dismiss it); the
   * plain one also closes on an outside click.
   */
  mustAnswer?: boolean;
  /** Close as soon as the action is taken, instead of leaving it to the caller (for actions that do not wait). */
  closeOnConfirm?: boolean;
  descriptionClassName?: string;
  /** Anything asked with the question (a field), between it and the buttons. */
  children?: ReactNode;
  /** Where the focus goes when it closes (call `preventDefault()` to move it); its opener by default. */
  onCloseAutoFocus?: (event: Event) => void;
};

const PARTS = {
  alert: {
    Root: AlertDialog,
    Trigger: AlertDialogTrigger,
    Content: AlertDialogContent,
    Header: AlertDialogHeader,
    Title: AlertDialogTitle,
    Description: AlertDialogDescription,
    Footer: AlertDialogFooter,
    Cancel: AlertDialogCancel,
    Action: AlertDialogAction,
  },
  plain: {
    Root: Dialog,
    Trigger: DialogTrigger,
    Content: (props: { children: ReactNode; onCloseAutoFocus?: (event: Event) => void }) => (
      <DialogContent className="sm:max-w-md" hideClose {...props} />
    ),
    Header: (props: { children: ReactNode }) => <DialogHeader className="pr-0" {...props} />,
    Title: DialogTitle,
    Description: DialogDescription,
    Footer: DialogFooter,
    Cancel: DialogClose,
    Action: DialogClose,
  },
};

/**
 * The one "are you sure?" dialog: a question, what follows from it, Cancel and the action. Focus starts on
 * Cancel and stays inside; Escape or Cancel dismiss it, except while `pending`.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
  trigger,
  pending = false,
  confirmDisabled = false,
  icon = null,
  variant = 'destructive',
  mustAnswer = false,
  closeOnConfirm = false,
  descriptionClassName,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  const P = mustAnswer ? PARTS.alert : PARTS.plain;
  const action = (
    <Button variant={variant} onClick={onConfirm} disabled={pending || confirmDisabled}>
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : icon}
      {confirmLabel}
    </Button>
  );
  return (
    <P.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange?.(next);
      }}
    >
      {trigger ? <P.Trigger asChild>{trigger}</P.Trigger> : null}
      <P.Content onCloseAutoFocus={onCloseAutoFocus}>
        <P.Header>
          <P.Title>{title}</P.Title>
          <P.Description className={descriptionClassName}>{description}</P.Description>
        </P.Header>
        {children}
        <P.Footer>
          <P.Cancel asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </P.Cancel>
          {closeOnConfirm ? <P.Action asChild>{action}</P.Action> : action}
        </P.Footer>
      </P.Content>
    </P.Root>
  );
}
