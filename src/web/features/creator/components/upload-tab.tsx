import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, SaveIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { withToast } from '@/lib/lazy-toast';
import { CreatePromptSchema } from '@shared/creator';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCreatePrompt } from '../api/create-prompt';
import { useMyTeam } from '../api/get-my-team';
import {
  EMPTY_PROMPT_FORM,
  type PromptFormInput,
  type PromptFormOutput,
  markServerFieldErrors,
  promptRequestBody,
} from '../lib/prompt-form';
import { PromptFields } from './prompt-fields';

type SaveAs = 'published' | 'draft';

/**
 * Upload Prompt (spec section 2): Publish puts the prompt in the marketplace at once, Save as Draft
 * keeps it to the creator (product-decisions.md: both are real). A failed save keeps every field as
 * typed; a successful one says so and starts a fresh form.
 */
export function UploadTab({ onShowPrompts }: { onShowPrompts: (saveAs: SaveAs) => void }) {
  const form = useForm<PromptFormInput, unknown, PromptFormOutput>({
    resolver: zodResolver(CreatePromptSchema),
    defaultValues: EMPTY_PROMPT_FORM,
  });
  const createPrompt = useCreatePrompt();
  const [saving, setSaving] = useState<SaveAs | null>(null);
  const team = useMyTeam().data?.team ?? null;
  const [shareWithTeam, setShareWithTeam] = useState(false);
  const shared = shareWithTeam && team !== null;
  const shareId = useId();

  const save = (asked: SaveAs) =>
    form.handleSubmit(async (values) => {
      // A team prompt stays in the team library: it is saved, never published.
      const saveAs: SaveAs = shared ? 'draft' : asked;
      setSaving(saveAs);
      try {
        const { prompt, message } = await createPrompt.mutateAsync({
          ...promptRequestBody(values),
          status: saveAs,
          shareWithTeam: shared,
        });
        const action = { label: 'My Prompts', onClick: () => onShowPrompts(saveAs) };
        const near = prompt.nearDuplicate;
        if (near) {
          withToast((toast) =>
            toast.warning('Prompt published, and flagged', {
              description: `Its text nearly matches ${near.title} by another creator; moderators will see it.`,
              action,
            }),
          );
        } else {
          withToast((toast) =>
            toast.success(message ?? 'Prompt created successfully', {
              description: shared
                ? `Shared with ${team.name}: only its members can read it.`
                : saveAs === 'published'
                  ? 'It is live in the marketplace now.'
                  : 'Saved as a draft: only you can see it until you publish it.',
              action,
            }),
          );
        }
        form.reset(EMPTY_PROMPT_FORM);
      } catch (error) {
        // The error toast comes from the query client; the fields it names are marked here.
        markServerFieldErrors(error, form.setError);
      } finally {
        setSaving(null);
      }
    });

  const busy = saving !== null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Upload a new prompt</CardTitle>
        <CardDescription>
          Share a prompt for free or sell it. Fields marked <span className="text-destructive">*</span> are
          required.
        </CardDescription>
      </CardHeader>
      <form noValidate aria-label="Upload a new prompt" onSubmit={(event) => void save('published')(event)}>
        <CardContent>
          <fieldset disabled={busy} className="contents">
            <PromptFields form={form} idPrefix="upload" layout="page" />
            {team ? (
              <div className="mt-6 flex items-start gap-3 rounded-lg border p-4">
                <Switch
                  id={shareId}
                  checked={shareWithTeam}
                  onCheckedChange={setShareWithTeam}
                  aria-describedby={`${shareId}-hint`}
                />
                <div className="grid gap-1">
                  <Label htmlFor={shareId}>Share with my team</Label>
                  <p id={`${shareId}-hint`} className="text-sm text-muted-foreground">
                    Only members of {team.name} can read it and use it in the playground. Team prompts stay
                    out of the marketplace.
                  </p>
                </div>
              </div>
            ) : null}
          </fieldset>
        </CardContent>
        <CardFooter className="flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
          {shared ? null : (
            <Button
              type="button"
              variant="outline"
              className="w-full sm:w-auto"
              disabled={busy}
              onClick={() => void save('draft')()}
            >
              {saving === 'draft' ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden />
              ) : (
                <SaveIcon aria-hidden />
              )}
              Save as Draft
            </Button>
          )}
          <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
            {saving !== null && (shared || saving === 'published') ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <SendIcon aria-hidden />
            )}
            {shared ? 'Save to team library' : 'Publish'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
