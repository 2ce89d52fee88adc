import { useEffect, useRef } from 'react';

/*
 * The playground's keyboard shortcuts. Letters need a modifier so typing never triggers them;
 * `?` and `/` only act when focus is not in a text field.
 */

export interface ShortcutHandlers {
  newChat(): void;
  focusComposer(): void;
  stop(): void;
  regenerate(): void;
  showHelp(): void;
}

export const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: 'Ctrl + Shift + O', action: 'New chat' },
  { keys: '/', action: 'Focus the message box' },
  { keys: 'Esc', action: 'Stop the reply' },
  { keys: 'Alt + Shift + R', action: 'Regenerate the last reply' },
  { keys: '?', action: 'Show these shortcuts' },
];

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useShortcuts(handlers: ShortcutHandlers, streaming: boolean) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const h = ref.current;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.shiftKey && e.code === 'KeyO') {
        e.preventDefault();
        h.newChat();
      } else if (e.altKey && e.shiftKey && e.code === 'KeyR') {
        e.preventDefault();
        h.regenerate();
      } else if (e.key === 'Escape' && streaming) {
        h.stop();
      } else if (!typing(e.target) && !mod && !e.altKey) {
        if (e.key === '?') {
          e.preventDefault();
          h.showHelp();
        } else if (e.key === '/') {
          e.preventDefault();
          h.focusComposer();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [streaming]);
}
