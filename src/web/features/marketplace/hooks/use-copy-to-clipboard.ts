import { useCallback, useEffect, useRef, useState } from 'react';
import { withToast } from '@/lib/lazy-toast';

const COPIED_MS = 2000;

/** Copies text and reports it: the button reads 'Copied!' for two seconds and a toast confirms it. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string, what = 'Prompt') => {
    try {
      // Missing outside secure contexts (plain http on another host) and in some embedded browsers.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
    } catch {
      withToast((toast) =>
        toast.error('Could not copy', {
          id: 'copy-failed',
          description: 'Your browser blocked the clipboard. Select the text and copy it by hand.',
        }),
      );
      return false;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    withToast((toast) => toast.success(`${what} copied to clipboard`, { id: 'copied' }));
    return true;
  }, []);

  return { copied, copy };
}
