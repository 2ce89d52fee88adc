import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactRequestSchema } from '@shared/contact';
import { TIMINGS } from '@shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSendContactMessage } from '../api/send-contact-message';

type FormInput = z.input<typeof ContactRequestSchema>;
type FormOutput = z.output<typeof ContactRequestSchema>;
type FieldName = keyof FormInput;
const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'company', 'message'];

/** Spec section 2/4: idle → sending → sent → closed. "Closed" is the dialog's own open state. */
type Status = 'idle' | 'sending' | 'sent';

const EMPTY: FormInput = { name: '', email: '', company: '', message: '' };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Contact Sales (spec section 2). The message is really sent (product-decisions.md); the spec's
 * pacing stays: 'Sending...' for at least 2 s, then 'Message Sent!', then the dialog closes itself
 * after 3 s and starts fresh next time.
 */
export function ContactSalesDialog({ open, onOpenChange }: ContactSalesDialogProps) {
  const [status, setStatus] = useState<Status>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useSendContactMessage();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // Where focus goes back on close: the dialog is opened from a footer button it does not own.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const ids = { name: useId(), email: useId(), company: useId(), message: useId() };

  useEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      returnFocusRef.current = document.activeElement;
  }, [open]);

  useEffect(() => {
    if (status !== 'sent') return;
    const timer = setTimeout(() => onOpenChange(false), TIMINGS.contactCloseMs);
    return () => clearTimeout(timer);
  }, [status, onOpenChange]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setStatus('sending');
    const [result] = await Promise.allSettled([mutation.mutateAsync(values), wait(TIMINGS.contactSendingMs)]);
    if (result.status === 'fulfilled') {
      setStatus('sent');
      return;
    }
    // Keep what was typed; say what went wrong, next to the fields the server named.
    const error = result.reason;
    if (error instanceof ApiError) {
      for (const detail of error.details) {
        const field = FIELD_NAMES.find((name) => name === detail.field);
        if (field) form.setError(field, { type: 'server', message: detail.message });
      }
    }
    setServerError(error instanceof Error && error.message ? error.message : 'Failed to send your message.');
    setStatus('idle');
  });

  const handleOpenChange = (next: boolean) => {
    // The request is in flight: closing now would hide whether the message went out.
    if (!next && status === 'sending') return;
    onOpenChange(next);
  };

  // Runs once the close animation has finished, so the reset is never seen.
  const handleCloseAutoFocus = (event: Event) => {
    setServerError(null);
    if (status === 'sent') {
      form.reset(EMPTY);
      setStatus('idle');
    }
    const target = returnFocusRef.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };

  const sending = status === 'sending';

  const fieldProps = (name: FieldName) => ({
    id: ids[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
    ...form.register(name),
  });

  const fieldError = (name: FieldName) =>
    errors[name]?.message ? (
      <p id={`${ids[name]}-error`} className="text-sm text-destructive">
        {errors[name].message}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        hideClose={sending}
        onCloseAutoFocus={handleCloseAutoFocus}
        aria-busy={sending}
      >
        {status === 'sent' ? (
          <div role="status" className="flex flex-col items-center py-6 text-center">
            <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
              <CircleCheckIcon className="size-7" aria-hidden />
            </div>
            <DialogTitle className="mt-5 text-xl">Message Sent!</DialogTitle>
            <DialogDescription className="mt-2 text-base">
              Our sales team will contact you within 24 hours.
            </DialogDescription>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Contact Sales</DialogTitle>
              <DialogDescription>
                Tell us about your team and what you need. We&apos;ll get back to you within 24 hours.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <fieldset disabled={sending} className="grid gap-4">
                <div className="grid gap-2">
                  <Label htmlFor={ids.name}>Full name</Label>
                  <Input autoComplete="name" placeholder="Jane Cooper" {...fieldProps('name')} />
                  {fieldError('name')}
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={ids.email}>Email</Label>
                  <Input
                    type="email"
                    autoComplete="email"
                    placeholder="jane@company.com"
                    {...fieldProps('email')}
                  />
                  {fieldError('email')}
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={ids.company}>
                    Company <span className="font-normal text-muted-foreground">(optional)</span>
                  </Label>
                  <Input autoComplete="organization" placeholder="Acme Inc." {...fieldProps('company')} />
                  {fieldError('company')}
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={ids.message}>Message</Label>
                  <Textarea
                    rows={4}
                    placeholder="How many seats do you need, and what would you like to build?"
                    className="resize-y"
                    {...fieldProps('message')}
                  />
                  {fieldError('message')}
                </div>
              </fieldset>
              {serverError ? (
                <Alert variant="destructive">
                  <CircleAlertIcon aria-hidden />
                  <AlertDescription>{serverError}</AlertDescription>
                </Alert>
              ) : null}
              <DialogFooter className="pt-2">
                <Button
                  type="button"
                  variant="outline"
                  disabled={sending}
                  onClick={() => handleOpenChange(false)}
                >
                  Cancel
                </Button>
                <Button type="submit" disabled={sending} className={cn(sending && 'disabled:opacity-80')}>
                  {sending ? (
                    <LoaderCircleIcon className="animate-spin" aria-hidden />
                  ) : (
                    <SendIcon aria-hidden />
                  )}
                  {sending ? 'Sending...' : 'Send Message'}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
