import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_SETTINGS, type Preset, type SessionSettings } from '@shared/playground-settings';
import { showErrorToast } from '@/lib/error-toast';
import { toast } from '@/components/ui/sonner';
import { useCreatePreset, usePresets } from '../api/presets';
import { getSessionQueryOptions } from '../api/get-session';
import { showBranch, useUpdateSession } from '../api/update-session';
import type { MessageActionHandlers } from '../components/message-actions';
import type { ChatItem, ChatStream } from './use-chat-stream';

/*
 * What the chat offers beyond sending: the conversation's settings (held here for a chat not yet
 * started, saved on the server for an open one), presets, and the message actions (regenerate,
 * continue, edit and resend, browse alternatives).
 */
export function useChatControls(
  chat: ChatStream,
  model: string,
  setModel: (model: string) => void,
  suggestModel: (model: string) => void,
) {
  const queryClient = useQueryClient();
  // Settings the user chose for the next new chat (a preset of theirs, or the form); until then
  // the admin's default preset's, or the playground's own.
  const [chosen, setNewSettings] = useState<SessionSettings | null>(null);
  const presets = usePresets();
  const start = presets.data?.default ?? null;
  const newSettings = chosen ?? start?.settings ?? DEFAULT_SETTINGS;
  useEffect(() => {
    if (start) suggestModel(start.model);
  }, [start, suggestModel]);
  const createPreset = useCreatePreset();
  const updateSession = useUpdateSession();
  const { sessionId, show } = chat;

  const settings = chat.settings ?? newSettings;

  const saveSettings = useCallback(
    async (next: SessionSettings) => {
      if (!sessionId) {
        setNewSettings(next);
        return;
      }
      try {
        show(await updateSession.mutateAsync({ id: sessionId, change: { settings: next } }));
        toast.success('Settings saved');
      } catch (error) {
        showErrorToast(error, { title: 'Failed to save the settings' });
        throw error;
      }
    },
    [sessionId, show, updateSession],
  );

  const pickPreset = useCallback(
    (preset: Preset) => {
      setNewSettings(preset.settings);
      setModel(preset.model);
    },
    [setModel],
  );

  const savePreset = useCallback(
    async (name: string, next: SessionSettings) => {
      try {
        await createPreset.mutateAsync({ name, model, settings: next });
        toast.success(`Preset “${name}” saved`);
      } catch (error) {
        showErrorToast(error, { title: 'Failed to save the preset' });
        throw error;
      }
    },
    [createPreset, model],
  );

  /** A new chat starts from the default preset (or the playground's own settings) again. */
  const resetSettings = useCallback(() => setNewSettings(null), []);

  const reload = useCallback(
    async (id: string) => {
      await queryClient.invalidateQueries({ queryKey: getSessionQueryOptions(id).queryKey });
      show(await queryClient.fetchQuery(getSessionQueryOptions(id)));
    },
    [queryClient, show],
  );

  const { items, streaming, regenerate, continueReply, send } = chat;
  const actions = useMemo<MessageActionHandlers>(
    () => ({
      ready: !streaming,
      regenerate(item: ChatItem) {
        const at = items.indexOf(item);
        const user = item.role === 'user' ? item : items[at - 1];
        const index = items.indexOf(user!);
        if (user?.id) void regenerate(index, user.id, model);
      },
      continueReply(item: ChatItem) {
        if (item.id) void continueReply(item.id);
      },
      edit(item: ChatItem, text: string) {
        const index = items.indexOf(item);
        if (item.id) void send({ message: text, model, edit: { index, messageId: item.id } });
      },
      browse(_item: ChatItem, messageId: string) {
        if (!sessionId) return;
        showBranch(sessionId, messageId).then(show, (error: unknown) =>
          showErrorToast(error, { title: 'Failed to show that version' }),
        );
      },
    }),
    [streaming, items, regenerate, continueReply, send, model, sessionId, show],
  );

  return {
    settings,
    newSettings,
    saveSettings,
    presets: presets.data?.presets ?? [],
    /** The admin's default preset, when the new chat not yet sent starts from it. */
    start: chosen || sessionId ? null : start,
    pickPreset,
    savePreset,
    resetSettings,
    reload,
    actions,
  };
}
