import { useCallback } from 'react';
import { useCopy } from '@/lib/clipboard';
import { withToast } from '@/lib/lazy-toast';

const COPIED_MS = 2000;

/** Copies text and reports it: the button reads 'Copied!' for two seconds and a toast confirms it. */
export function useCopyToClipboard() {
  const { copied, copy: write } = useCopy(COPIED_MS);

  const copy = useCallback(
    async (text: string, what = 'Prompt') => {
      const ok = await write(text);
      withToast((toast) =>
        ok
          ? toast.success(`${what} copied to clipboard`, { id: 'copied' })
          : toast.error('Could not copy', {
              id: 'copy-failed',
              description: 'Your browser blocked the clipboard. Select the text and copy it by hand.',
            }),
      );
      return ok;
    },
    [write],
  );

  return { copied, copy };
}
