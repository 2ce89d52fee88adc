import {
  CheckCircle2Icon,
  CopyIcon,
  DownloadIcon,
  LoaderCircleIcon,
  UploadIcon,
  XCircleIcon,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { withToast } from '@/lib/lazy-toast';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@shared/constants';
import { DEFAULT_LICENCE, LICENCES, LICENCE_TERMS, type Licence } from '@shared/licences';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type ImportRow } from '@shared/prompt-transfer';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { useExportPrompts } from '../api/export-prompts';
import { useImportPrompts } from '../api/import-prompts';
import { usePreviewImport } from '../api/preview-import';

const SOURCE_LABELS: Record<ImportPreview['source'], string> = {
  promptforge: 'Promptforge export',
  json: 'JSON list',
  csv: 'CSV',
  'prompts-chat': 'prompts.chat CSV (act, prompt)',
};

const categoryLabel = (c: string) =>
  (CATEGORIES as readonly string[]).includes(c) ? CATEGORY_LABELS[c as Category] : c || '—';
const licenceLabel = (l: string) =>
  (LICENCES as readonly string[]).includes(l) ? LICENCE_TERMS[l as Licence].label : l || '—';

/** Export every prompt as a file, and import a file's prompts as drafts after a preview (decision 058). */
export function TransferTab({ onShowDrafts }: { onShowDrafts: () => void }) {
  return (
    <div className="grid gap-6">
      <ExportCard />
      <ImportCard onShowDrafts={onShowDrafts} />
    </div>
  );
}

function ExportCard() {
  const exporter = useExportPrompts();
  const run = (format: 'json' | 'csv') =>
    exporter.mutate(format, {
      onSuccess: (name) => withToast((toast) => toast.success('Export downloaded', { description: name })),
    });
  const busy = exporter.isPending ? exporter.variables : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Export your prompts</CardTitle>
        <CardDescription>
          Every prompt you made, whatever its status, with its text, price and licence.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2.5">
        {(['json', 'csv'] as const).map((format) => (
          <Button key={format} variant="outline" disabled={busy !== null} onClick={() => run(format)}>
            {busy === format ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden />
            ) : (
              <DownloadIcon aria-hidden />
            )}
            Export {format.toUpperCase()}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

function ImportCard({ onShowDrafts }: { onShowDrafts: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [licence, setLicence] = useState<Licence>(DEFAULT_LICENCE);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewer = usePreviewImport();
  const importer = useImportPrompts();

  async function choose(chosen: File | undefined) {
    setPreview(null);
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    const content = await chosen.text();
    if (content.length > IMPORT_LIMITS.maxChars) {
      setFileError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    setFile({ name: chosen.name, content });
    previewer.mutate({ content, licence }, { onSuccess: setPreview });
  }

  function changeLicence(next: Licence) {
    setLicence(next);
    if (file) previewer.mutate({ content: file.content, licence: next }, { onSuccess: setPreview });
  }

  function reset() {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  }

  function runImport() {
    if (!file) return;
    importer.mutate(
      { content: file.content, licence },
      {
        onSuccess: ({ result, message }) => {
          withToast((toast) =>
            toast.success(message ?? 'Prompts imported', {
              description:
                result.skipped.length > 0
                  ? `${result.skipped.length} ${result.skipped.length === 1 ? 'row was' : 'rows were'} left out.`
                  : 'Every row was imported.',
              action: { label: 'My drafts', onClick: onShowDrafts },
            }),
          );
          reset();
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Import prompts</CardTitle>
        <CardDescription>
          A Promptforge export, a JSON list of prompts, or a CSV with a header row: the{' '}
          <code className="rounded bg-muted px-1 py-0.5 text-xs">act,prompt</code> layout of prompts.chat
          works as it is. Up to {IMPORT_LIMITS.maxRows} prompts and 1 MB a file; each valid row becomes a
          draft.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>File</Label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              onChange={(e) => void choose(e.target.files?.[0])}
              className="block w-full min-w-0 cursor-pointer rounded-md border border-input bg-background text-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:bg-muted file:px-3 file:py-2 file:text-sm file:font-medium"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-licence`}>Licence for rows that name none</Label>
            <NativeSelect
              id={`${id}-licence`}
              value={licence}
              onChange={(e) => changeLicence(e.target.value as Licence)}
            >
              {LICENCES.map((l) => (
                <option key={l} value={l}>
                  {LICENCE_TERMS[l].label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {fileError ? (
          <Alert variant="destructive">
            <XCircleIcon aria-hidden />
            <p>{fileError}</p>
          </Alert>
        ) : null}

        {previewer.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            Reading {file?.name}…
          </p>
        ) : null}

        {preview && file ? (
          <PreviewList
            preview={preview}
            fileName={file.name}
            importing={importer.isPending}
            onImport={runImport}
            onCancel={reset}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function PreviewList({
  preview,
  fileName,
  importing,
  onImport,
  onCancel,
}: {
  preview: ImportPreview;
  fileName: string;
  importing: boolean;
  onImport: () => void;
  onCancel: () => void;
}) {
  const flagged = preview.rows.filter((r) => r.nearDuplicate).length;
  return (
    <section aria-labelledby="import-preview-heading" className="grid gap-3" data-testid="import-preview">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 id="import-preview-heading" className="min-w-0 truncate font-semibold">
          {fileName}
        </h3>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {SOURCE_LABELS[preview.source]} · {preview.valid} valid · {preview.invalid} with errors
          {flagged > 0 ? ` · ${flagged} flagged` : ''}
        </p>
      </div>
      <ol className="grid divide-y rounded-lg border">
        {preview.rows.map((row) => (
          <PreviewRow key={row.row} row={row} />
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={importing}>
          Cancel
        </Button>
        <Button onClick={onImport} disabled={importing || preview.valid === 0}>
          {importing ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <UploadIcon aria-hidden />}
          {preview.valid === 1
            ? 'Import 1 valid row as a draft'
            : `Import ${preview.valid} valid rows as drafts`}
        </Button>
      </div>
    </section>
  );
}

function PreviewRow({ row }: { row: ImportRow }) {
  return (
    <li
      className={cn('grid gap-1.5 p-3 text-sm', !row.valid && 'bg-destructive/5')}
      data-testid="import-row"
      data-valid={row.valid}
    >
      <div className="flex items-start gap-2.5">
        {row.valid ? (
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-label="Valid" />
        ) : (
          <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Has errors" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            <span className="text-muted-foreground tabular-nums">
              Row {row.row}
              {row.line !== null ? ` (line ${row.line})` : ''}:{' '}
            </span>
            {row.title || <span className="text-muted-foreground italic">no title</span>}
          </p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant="outline">{categoryLabel(row.category)}</Badge>
            <Badge variant="outline">{licenceLabel(row.licence)}</Badge>
            {row.isPaid ? <Badge>Paid</Badge> : null}
          </div>
          {row.errors.length > 0 ? (
            <ul className="mt-1.5 grid gap-0.5 text-destructive">
              {row.errors.map((e, i) => (
                <li key={i}>
                  <span className="font-medium">{e.field}:</span> {e.message}
                </li>
              ))}
            </ul>
          ) : null}
          {row.nearDuplicate ? (
            <p className="mt-1.5 flex items-start gap-1.5 text-foreground">
              <CopyIcon className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
              <span>
                Nearly the same text as{' '}
                <Link
                  to={`/marketplace/${encodeURIComponent(row.nearDuplicate.slug)}`}
                  className="font-medium underline underline-offset-4"
                >
                  {row.nearDuplicate.title}
                </Link>{' '}
                by another creator ({Math.round(row.nearDuplicate.similarity * 100)}% similar); moderators
                will see the flag.
              </span>
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
