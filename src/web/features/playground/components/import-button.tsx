import { UploadIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { showErrorToast } from '@/lib/error-toast';
import { useImportConversations } from '../api/import-conversations';

/** Imports a ChatGPT export (conversations.json) or a Promptforge chat export into Recent Sessions. */
export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const importing = useImportConversations();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const result = await importing.mutateAsync(await file.text());
      const n = result.sessions.length;
      toast.success(`${n} ${n === 1 ? 'conversation' : 'conversations'} imported`, {
        description: result.skipped > 0 ? `${result.skipped} left out (empty or too long).` : undefined,
      });
    } catch (error) {
      showErrorToast(error, { title: 'Failed to import' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-6 gap-1 px-1.5 text-xs font-normal normal-case"
        disabled={importing.isPending}
        onClick={() => input.current?.click()}
        title="Import a ChatGPT export (conversations.json) or a Promptforge chat export"
      >
        <UploadIcon aria-hidden className="size-3.5" />
        Import
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label="Import conversations file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
    </>
  );
}
