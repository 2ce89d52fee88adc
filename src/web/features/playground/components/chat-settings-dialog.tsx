import { SlidersHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import {
  MAX_REPLY_TOKENS,
  type Preset,
  type SessionSettings,
  SessionSettingsSchema,
  type StartPreset,
} from '@shared/playground-settings';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

interface ChatSettingsDialogProps {
  settings: SessionSettings;
  /** Saves the settings (the open conversation's, or the next new one's). */
  onSave: (settings: SessionSettings) => Promise<void> | void;
  presets: readonly Preset[];
  /** Starts from a preset: its model and settings (a new conversation only). */
  onPickPreset?: (preset: Preset) => void;
  /** Saves the form as a preset under a name. */
  onSavePreset: (name: string, settings: SessionSettings) => Promise<void>;
  /** The admin's default preset this new chat starts from (none once the user picks their own). */
  start?: StartPreset | null;
}

interface Draft {
  systemPrompt: string;
  temperature: string;
  maxTokens: string;
}

const toDraft = (s: SessionSettings): Draft => ({
  systemPrompt: s.systemPrompt ?? '',
  temperature: s.temperature === null ? '' : String(s.temperature),
  maxTokens: s.maxTokens === null ? '' : String(s.maxTokens),
});

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/** The conversation's system prompt, temperature and reply length; presets to start from or save. */
export function ChatSettingsDialog({
  settings,
  onSave,
  presets,
  onPickPreset,
  onSavePreset,
  start = null,
}: ChatSettingsDialogProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [presetName, setPresetName] = useState('');
  const [busy, setBusy] = useState(false);

  const parse = () => {
    const parsed = SessionSettingsSchema.safeParse({
      systemPrompt: draft.systemPrompt,
      temperature: number(draft.temperature),
      maxTokens: number(draft.maxTokens),
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    return null;
  };

  const save = async () => {
    const next = parse();
    if (!next) return;
    setBusy(true);
    try {
      await onSave(next);
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  const savePreset = async () => {
    const next = parse();
    const name = presetName.trim();
    if (!next) return;
    if (!name) return setErrors({ name: 'Name is required' });
    setBusy(true);
    try {
      await onSavePreset(name, next);
      setPresetName('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(toDraft(settings));
        setErrors({});
        setOpen(next);
      }}
    >
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setDraft(toDraft(settings));
          setErrors({});
          setOpen(true);
        }}
        className="shrink-0 text-muted-foreground hover:text-foreground"
        aria-label="Chat settings"
        title="System prompt, temperature, reply length and presets"
      >
        <SlidersHorizontalIcon aria-hidden />
        <span className="hidden sm:inline">Settings</span>
      </Button>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Chat settings</DialogTitle>
          <DialogDescription>
            For this conversation. Save them as a preset to start chats with later.
          </DialogDescription>
        </DialogHeader>
        {start ? (
          <p className="rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid="start-preset">
            Starts from the default preset <span className="font-medium">“{start.name}”</span>.
            {start.replacedModel
              ? ` Your plan does not include ${start.replacedModel}, so it uses your plan’s default model.`
              : null}
          </p>
        ) : null}
        {onPickPreset && presets.length > 0 ? (
          <div className="grid gap-2">
            <Label htmlFor="chat-preset">Start from a preset</Label>
            <NativeSelect
              id="chat-preset"
              value=""
              onChange={(e) => {
                const preset = presets.find((p) => p.id === e.target.value);
                if (!preset) return;
                setDraft(toDraft(preset.settings));
                onPickPreset(preset);
              }}
            >
              <option value="">Choose a preset…</option>
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="chat-system-prompt">System prompt</Label>
          <Textarea
            id="chat-system-prompt"
            placeholder="You are a concise assistant who answers in British English."
            value={draft.systemPrompt}
            onChange={(e) => setDraft({ ...draft, systemPrompt: e.target.value })}
            aria-invalid={Boolean(errors.systemPrompt)}
            aria-describedby={errors.systemPrompt ? 'chat-system-prompt-error' : undefined}
            className="min-h-28"
          />
          {errors.systemPrompt ? (
            <p id="chat-system-prompt-error" className="text-sm text-destructive">
              {errors.systemPrompt}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="chat-temperature">Temperature (0–2)</Label>
            <Input
              id="chat-temperature"
              inputMode="decimal"
              placeholder="Model default"
              value={draft.temperature}
              onChange={(e) => setDraft({ ...draft, temperature: e.target.value })}
              aria-invalid={Boolean(errors.temperature)}
              aria-describedby={errors.temperature ? 'chat-temperature-error' : undefined}
            />
            {errors.temperature ? (
              <p id="chat-temperature-error" className="text-sm text-destructive">
                {errors.temperature}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="chat-max-tokens">Maximum reply length (tokens)</Label>
            <Input
              id="chat-max-tokens"
              inputMode="numeric"
              placeholder={`Up to ${MAX_REPLY_TOKENS}`}
              value={draft.maxTokens}
              onChange={(e) => setDraft({ ...draft, maxTokens: e.target.value })}
              aria-invalid={Boolean(errors.maxTokens)}
              aria-describedby={errors.maxTokens ? 'chat-max-tokens-error' : undefined}
            />
            {errors.maxTokens ? (
              <p id="chat-max-tokens-error" className="text-sm text-destructive">
                {errors.maxTokens}
              </p>
            ) : null}
          </div>
        </div>
        <div className="grid gap-2 rounded-lg border p-3">
          <Label htmlFor="chat-preset-name">Preset name</Label>
          <p className="text-xs text-muted-foreground">Saves these settings with the current model.</p>
          <div className="flex gap-2">
            <Input
              id="chat-preset-name"
              placeholder="e.g. Code reviewer"
              value={presetName}
              onChange={(e) => setPresetName(e.target.value)}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'chat-preset-name-error' : undefined}
            />
            <Button type="button" variant="outline" disabled={busy} onClick={() => void savePreset()}>
              Save preset
            </Button>
          </div>
          {errors.name ? (
            <p id="chat-preset-name-error" className="text-sm text-destructive">
              {errors.name}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={busy} onClick={() => void save()}>
            Save settings
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
