import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import type { AdminModel } from '@shared/admin-models';
import { type AdminDefaultPreset, MAX_REPLY_TOKENS, PresetInputSchema } from '@shared/playground-settings';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useDefaultPreset, useSaveDefaultPreset } from '../api/default-preset';

/** What a model is called in a chat: its spec choice (claude, chatgpt, perplexity) or its key. */
const refOf = (m: AdminModel) => m.choices[0] ?? m.key;

const text = (n: number | null) => (n === null ? '' : String(n));
const number = (s: string) => (s.trim() === '' ? null : Number(s));

function DefaultPresetForm({ current, models }: { current: AdminDefaultPreset; models: AdminModel[] }) {
  const preset = current.preset;
  const [name, setName] = useState(preset?.name ?? '');
  const [model, setModel] = useState(preset?.model ?? (models[0] ? refOf(models[0]) : ''));
  const [systemPrompt, setSystemPrompt] = useState(preset?.settings.systemPrompt ?? '');
  const [temperature, setTemperature] = useState(text(preset?.settings.temperature ?? null));
  const [maxTokens, setMaxTokens] = useState(text(preset?.settings.maxTokens ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDefaultPreset();

  const submit = () => {
    const parsed = PresetInputSchema.safeParse({
      name,
      model,
      settings: { systemPrompt, temperature: number(temperature), maxTokens: number(maxTokens) },
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => withToast((toast) => toast.success('Default preset saved')),
    });
  };
  const field = (key: string) =>
    errors[key] ? <p className="text-sm text-destructive">{errors[key]}</p> : null;

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="default-preset-name">Name</Label>
          <Input
            id="default-preset-name"
            value={name}
            placeholder="e.g. Concise helper"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
          />
          {field('name')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="default-preset-model">Model</Label>
          <NativeSelect id="default-preset-model" value={model} onChange={(e) => setModel(e.target.value)}>
            {models.map((m) => (
              <option key={m.key} value={refOf(m)}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="default-preset-system">System prompt (optional)</Label>
        <Textarea
          id="default-preset-system"
          value={systemPrompt}
          placeholder="The playground's own instructions when empty"
          onChange={(e) => setSystemPrompt(e.target.value)}
          aria-invalid={Boolean(errors.systemPrompt)}
          className="min-h-24"
        />
        {field('systemPrompt')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="default-preset-temperature">Temperature (0–2)</Label>
          <Input
            id="default-preset-temperature"
            inputMode="decimal"
            placeholder="Model default"
            value={temperature}
            onChange={(e) => setTemperature(e.target.value)}
            aria-invalid={Boolean(errors.temperature)}
          />
          {field('temperature')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="default-preset-max-tokens">Maximum reply length (tokens)</Label>
          <Input
            id="default-preset-max-tokens"
            inputMode="numeric"
            placeholder={`Up to ${MAX_REPLY_TOKENS}`}
            value={maxTokens}
            onChange={(e) => setMaxTokens(e.target.value)}
            aria-invalid={Boolean(errors.maxTokens)}
          />
          {field('maxTokens')}
        </div>
      </div>
      {current.plansWithout.length > 0 ? (
        <Alert data-testid="default-preset-plans-without">
          <AlertDescription>
            {current.plansWithout.map((p) => p.name).join(', ')}{' '}
            {current.plansWithout.length === 1 ? 'does' : 'do'} not offer this model: those users start this
            preset on their plan&apos;s default model.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save default preset
        </Button>
        {preset ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, {
                onSuccess: () => withToast((toast) => toast.success('Default preset removed')),
              })
            }
          >
            Remove
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The chat preset every user's new chat starts from until they pick one of their own (decision 065). */
export function DefaultPresetCard({ models }: { models: AdminModel[] }) {
  const current = useDefaultPreset();
  return (
    <Card data-testid="default-preset-card">
      <CardHeader>
        <CardTitle>Default chat preset</CardTitle>
        <CardDescription>
          New chats start from it for users who pick no preset of their own. Users can still choose their own
          presets.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {current.data ? (
          <DefaultPresetForm
            key={current.data.preset?.updatedAt ?? 'none'}
            current={current.data}
            models={models}
          />
        ) : current.isError ? (
          <p className="text-sm text-destructive">Failed to load the default preset.</p>
        ) : (
          <Skeleton className="h-48" />
        )}
      </CardContent>
    </Card>
  );
}
