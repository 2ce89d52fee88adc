import { useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon, PanelLeftIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_CURRENCY } from '@shared/constants';
import { LIMIT_REACHED_MESSAGE, type SessionSummary } from '@shared/playground';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth';
import { showErrorToast } from '@/lib/error-toast';
import { useSiteConfig } from '@/lib/site-config';
import { useDeleteSession } from '../api/delete-session';
import { useModels } from '../api/get-models';
import { usePromptTry } from '../api/get-prompt-try';
import { getSessionQueryOptions } from '../api/get-session';
import { useSessions } from '../api/get-sessions';
import { useUsage } from '../api/get-usage';
import { playgroundKeys } from '../api/query-keys';
import { AttachButton, PendingAttachments } from '../components/attachments';
import { ChatComposer, ModelFootnote } from '../components/chat-composer';
import { ChatEmptyState } from '../components/chat-empty-state';
import { LimitAlert, SendErrorAlert } from '../components/chat-alerts';
import { ChatHeader, CompareToggle, ConversationSkeleton } from '../components/chat-header';
import { ChatSettingsDialog } from '../components/chat-settings-dialog';
import { CompareView } from '../components/compare-view';
import { ShareDialog } from '../components/share-dialog';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { MessageActionsContext } from '../components/message-actions';
import { MessageList } from '../components/message-list';
import { PlaygroundSidebar } from '../components/playground-sidebar';
import { type PromptTrySend, PromptTryPanel, PromptTryPanelSkeleton } from '../components/prompt-try-panel';
import { useAttachments } from '../hooks/use-attachments';
import { useChatControls } from '../hooks/use-chat-controls';
import { useChatStream } from '../hooks/use-chat-stream';
import { useShortcuts } from '../hooks/use-shortcuts';
import { useModelChoice } from '../hooks/use-model-choice';
import { DEFAULT_MODEL, modelName as nameOf } from '../lib/models';
import { describeSessionUsage, describeUsage } from '../lib/usage';

/*
 * /playground (spec section 2): the left panel (plan, usage, model, recent sessions) and the chat.
 * The open conversation lives in the address (?session=<id>) so a reload or Back returns to it;
 * ?prompt=<id> (from the marketplace's Try in Playground) opens a new conversation on that prompt.
 */

// Size: One component on purpose: it holds the state the chat's parts share (the stream, attachments,
// the open session, compare) and wires them; what stands alone is in components/ and hooks/.

// How long after Stop the server needs to save the partial reply before the list shows its count.
const SAVE_AFTER_STOP_MS = 600;

export function PlaygroundPage() {
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const urlSession = params.get('session');
  const promptRef = urlSession ? null : params.get('prompt');
  // ?compare=1: one message (or a try of ?prompt) to two or three models side by side, each time anew.
  const comparing = !urlSession && params.get('compare') === '1';

  const [model, setModel, suggestModel] = useModelChoice();
  const [draft, setDraft] = useState('');
  const files = useAttachments();
  const [panelOpen, setPanelOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const modelsQuery = useModels();
  const usageQuery = useUsage();
  const sessionsQuery = useSessions();
  const deleteSession = useDeleteSession();
  const models = modelsQuery.data ?? [];
  // A remembered model the plan no longer offers (or the server no longer has): the plan's default.
  const offered = modelsQuery.data;
  useEffect(() => {
    if (!offered?.length || offered.some((m) => m.id === model)) return;
    setModel(offered.find((m) => m.default)?.id ?? offered[0]?.id ?? DEFAULT_MODEL);
  }, [offered, model, setModel]);

  const chat = useChatStream({
    onSession: (sessionId) => {
      // The conversation now exists on the server: a reload should come back to it.
      setParams({ session: sessionId }, { replace: true });
    },
    onSettled: (outcome) => {
      const refresh = () => {
        void queryClient.invalidateQueries({ queryKey: playgroundKeys.sessions() });
        void queryClient.invalidateQueries({ queryKey: playgroundKeys.usage() });
      };
      refresh();
      if (outcome === 'stopped') setTimeout(refresh, SAVE_AFTER_STOP_MS);
      void queryClient.invalidateQueries({ queryKey: [...playgroundKeys.all, 'prompt-try'] });
      // The dashboard's sessions-used badge reads the signed-in user.
      void refreshUser();
    },
    onBranched: (sessionId) => void controls.current?.reload(sessionId),
  });
  const chatControls = useChatControls(chat, model, setModel, suggestModel);
  const controls = useRef(chatControls);
  useEffect(() => {
    controls.current = chatControls;
  });
  const { open: openChat, reset: resetChat, currentSessionId } = chat;

  // Follow the address: Back, Forward, a reload, or a link to a conversation.
  const seenUrlSession = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (seenUrlSession.current === urlSession) return;
    seenUrlSession.current = urlSession;
    if (urlSession === currentSessionId()) return;
    if (!urlSession) {
      resetChat();
      return;
    }
    void openChat(urlSession, () => queryClient.fetchQuery(getSessionQueryOptions(urlSession))).then(
      (detail) => {
        if (detail) setModel(detail.session.model);
        else setParams({}, { replace: true });
      },
    );
  }, [urlSession, currentSessionId, openChat, resetChat, queryClient, setModel, setParams]);

  const promptTry = usePromptTry(promptRef);
  const showTry = promptRef !== null && chat.items.length === 0 && !chat.loading;

  const usageView = usageQuery.data ? describeUsage(usageQuery.data) : null;
  const currency = useSiteConfig().data?.currency ?? DEFAULT_CURRENCY;
  const limitError = chat.error?.message === LIMIT_REACHED_MESSAGE;
  // The allowance counts new conversations; one already under way can go on.
  const atLimit = limitError || (usageView?.atLimit === true && chat.sessionId === null);
  const modelInfo = models.find((m) => m.id === model);
  const modelName = modelInfo?.name ?? nameOf(model, models);

  const openSession = useCallback(
    (id: string) => {
      setPanelOpen(false);
      if (id === currentSessionId() && !chat.error) return;
      setParams({ session: id });
    },
    [currentSessionId, chat.error, setParams],
  );

  const { resetSettings } = chatControls;
  const newChat = useCallback(() => {
    setPanelOpen(false);
    setDraft('');
    resetSettings();
    // A new conversation without ?session: the address effect resets the chat.
    if (urlSession || promptRef) setParams({});
    else resetChat();
    textareaRef.current?.focus();
  }, [urlSession, promptRef, setParams, resetChat, resetSettings]);

  const onDeleteSession = useCallback(
    async (session: SessionSummary) => {
      try {
        await deleteSession.mutateAsync(session.id);
      } catch (error) {
        showErrorToast(error, { title: 'Failed to delete the conversation' });
        throw error;
      }
      if (session.id === currentSessionId()) newChat();
    },
    [deleteSession, currentSessionId, newChat],
  );

  const send = useCallback(async () => {
    const message = draft.trim();
    if (!message || chat.streaming || files.blocked) return;
    const sent = files.ready;
    setDraft('');
    files.clear();
    const result = await chat.send({
      message,
      model,
      settings: chat.sessionId ? undefined : chatControls.newSettings,
      attachments: sent,
    });
    // Refused before any reply: nothing was saved, so the words and files go back into the box.
    if (result && !result.ok && !result.stopped && result.rejected) {
      setDraft((current) => current || message);
      if (sent.length) files.restore(sent);
    }
  }, [draft, chat, model, chatControls.newSettings, files]);

  const sendPromptTry = useCallback(
    (input: PromptTrySend) => void chat.send({ ...input, model, settings: chatControls.newSettings }),
    [chat, model, chatControls.newSettings],
  );

  const pickSuggestion = useCallback((text: string) => {
    setDraft(text);
    requestAnimationFrame(() => {
      const el = textareaRef.current;
      el?.focus();
      el?.setSelectionRange(text.length, text.length);
    });
  }, []);

  const sidebar = (
    <PlaygroundSidebar
      usage={{
        data: usageQuery.data,
        loading: usageQuery.isPending,
        failed: usageQuery.isError,
        retry: () => void usageQuery.refetch(),
      }}
      fallbackPlan={user?.subscription.plan ?? 'Free'}
      isAdmin={user?.role === 'admin'}
      model={model}
      onModelChange={setModel}
      models={models}
      modelLocked={chat.streaming}
      sessions={{
        data: sessionsQuery.data,
        loading: sessionsQuery.isPending,
        failed: sessionsQuery.isError,
        retry: () => void sessionsQuery.refetch(),
      }}
      activeSessionId={chat.sessionId}
      onOpenSession={openSession}
      onDeleteSession={onDeleteSession}
      onNewChat={newChat}
      newChatDisabled={chat.items.length === 0 && !promptRef && !urlSession && !chat.error}
    />
  );

  const empty = chat.items.length === 0;
  const [helpOpen, setHelpOpen] = useState(false);
  useShortcuts(
    {
      newChat,
      focusComposer: () => textareaRef.current?.focus(),
      stop: chat.stop,
      regenerate: () => {
        const last = chat.items.at(-1);
        if (last?.role === 'ai' && last.id) chatControls.actions.regenerate(last);
      },
      showHelp: () => setHelpOpen(true),
    },
    chat.streaming,
  );

  const refreshAfterCompare = () => {
    void queryClient.invalidateQueries({ queryKey: playgroundKeys.sessions() });
    void queryClient.invalidateQueries({ queryKey: playgroundKeys.usage() });
    void refreshUser();
  };
  const title = comparing
    ? 'Compare models'
    : chat.loading
      ? 'Loading conversation…'
      : (chat.title ?? (showTry ? 'Try a prompt' : 'New chat'));
  const tryError = showTry && chat.error && !limitError ? chat.error.message : null;

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[30rem]">
      <aside
        aria-label="Playground panel"
        className="hidden w-72 shrink-0 border-r bg-muted/25 lg:block xl:w-80"
      >
        {sidebar}
      </aside>

      <Sheet open={panelOpen} onOpenChange={setPanelOpen}>
        <SheetContent side="left" className="gap-0 overflow-y-auto p-0 pt-10">
          <SheetTitle className="sr-only">Playground panel</SheetTitle>
          <SheetDescription className="sr-only">Plan, usage, model and recent sessions</SheetDescription>
          {sidebar}
        </SheetContent>
      </Sheet>

      <section aria-label="Chat" className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          title={title}
          prompt={chat.prompt}
          onClear={newChat}
          clearDisabled={empty && !promptRef && !urlSession && !chat.error}
          usage={comparing ? null : describeSessionUsage(chat.usage, currency)}
          extra={
            <>
              <CompareToggle
                comparing={comparing}
                onToggle={() => setParams(comparing ? {} : { compare: '1' })}
              />
              <ChatSettingsDialog
                key={chat.sessionId ?? 'new'}
                settings={chatControls.settings}
                onSave={chatControls.saveSettings}
                presets={chatControls.presets}
                onPickPreset={chat.sessionId ? undefined : chatControls.pickPreset}
                onSavePreset={chatControls.savePreset}
                start={chatControls.start}
              />
              <ShareDialog sessionId={comparing ? null : chat.sessionId} disabled={chat.streaming} />
            </>
          }
          leading={
            <Button
              variant="ghost"
              size="icon"
              className="-ml-1 size-9 shrink-0 lg:hidden"
              onClick={() => setPanelOpen(true)}
              aria-label="Open playground panel"
            >
              <PanelLeftIcon aria-hidden className="size-5!" />
            </Button>
          }
        />

        {comparing ? (
          <CompareView
            models={models}
            remaining={usageView?.remaining ?? null}
            settings={chatControls.newSettings}
            prompt={promptRef ? promptTry : null}
            onCloseTry={() => setParams({ compare: '1' })}
            onPick={(id) => setParams({ session: id })}
            onSettled={refreshAfterCompare}
          />
        ) : (
          <>
            <MessageActionsContext.Provider value={chatControls.actions}>
              <MessageList items={chat.items} models={models}>
                {chat.loading ? (
                  <ConversationSkeleton />
                ) : empty && promptRef !== null ? (
                  promptTry.data ? (
                    <PromptTryPanel
                      key={promptTry.data.promptId}
                      prompt={promptTry.data}
                      onSend={sendPromptTry}
                      onClose={newChat}
                      onCompare={() => setParams({ prompt: promptRef, compare: '1' })}
                      sending={chat.streaming}
                      blocked={atLimit}
                      error={tryError}
                    />
                  ) : promptTry.isError ? (
                    <Alert variant="destructive" className="mt-auto">
                      <AlertCircleIcon aria-hidden />
                      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
                        <span>{promptTry.error.message || 'This prompt could not be loaded.'}</span>
                        <Button size="sm" variant="outline" onClick={newChat}>
                          Start a blank chat
                        </Button>
                      </AlertDescription>
                    </Alert>
                  ) : (
                    <PromptTryPanelSkeleton />
                  )
                ) : empty && !chat.error ? (
                  <ChatEmptyState
                    model={model}
                    modelName={modelName}
                    atLimit={atLimit}
                    onPick={pickSuggestion}
                  />
                ) : null}
              </MessageList>
            </MessageActionsContext.Provider>

            <div className="shrink-0">
              {atLimit || (chat.error && !tryError && !limitError) ? (
                <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-6">
                  {atLimit ? (
                    <LimitAlert resetsAt={usageQuery.data?.resetsAt ?? null} />
                  ) : chat.error ? (
                    <SendErrorAlert message={chat.error.message} onDismiss={chat.dismissError} />
                  ) : null}
                </div>
              ) : null}
              {showTry ? null : (
                <ChatComposer
                  value={draft}
                  onChange={setDraft}
                  onSend={() => void send()}
                  onStop={chat.stop}
                  streaming={chat.streaming}
                  disabled={atLimit || chat.loading}
                  textareaRef={textareaRef}
                  sendBlocked={files.blocked}
                  attachments={<PendingAttachments files={files.files} onRemove={files.remove} />}
                  tools={
                    <AttachButton
                      onPick={files.add}
                      capabilities={modelInfo?.capabilities ?? { images: false, pdf: false }}
                      modelName={modelName}
                      full={files.full}
                      disabled={atLimit || chat.loading}
                    />
                  }
                  placeholder={
                    atLimit ? 'Upgrade your plan to start a new conversation' : `Message ${modelName}…`
                  }
                  footnote={<ModelFootnote name={modelName} model={modelInfo} />}
                />
              )}
            </div>
          </>
        )}
      </section>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
