import { useState } from 'react';
import { withToast } from '@/lib/lazy-toast';
import type { AdminModel } from '@shared/admin-models';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSaveModelPrice } from '../api/save-model-price';

const STATUS: Record<
  AdminModel['status'],
  { label: string; variant: 'default' | 'secondary' | 'destructive' | 'outline' }
> = {
  reachable: { label: 'Reachable', variant: 'default' },
  'key-missing': { label: 'Key missing', variant: 'secondary' },
  failing: { label: 'Failing', variant: 'destructive' },
  unavailable: { label: 'Unavailable (not answering)', variant: 'destructive' },
  unknown: { label: 'Not used yet', variant: 'outline' },
};

function PriceEditor({ model, currency }: { model: AdminModel; currency: string }) {
  const [input, setInput] = useState(String(model.price.input));
  const [output, setOutput] = useState(String(model.price.output));
  const save = useSaveModelPrice();
  const changed = input !== String(model.price.input) || output !== String(model.price.output);
  return (
    <form
      className="flex flex-wrap items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { key: model.key, input: Number(input), output: Number(output) },
          { onSuccess: () => withToast((toast) => toast.success(`Price of ${model.name} saved`)) },
        );
      }}
    >
      <Input
        aria-label={`${model.name}: ${currency} per million input tokens`}
        inputMode="decimal"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        className="h-8 w-20"
      />
      <span className="text-xs text-muted-foreground">/</span>
      <Input
        aria-label={`${model.name}: ${currency} per million output tokens`}
        inputMode="decimal"
        value={output}
        onChange={(e) => setOutput(e.target.value)}
        className="h-8 w-20"
      />
      {changed ? (
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      ) : null}
    </form>
  );
}

/** Every configured model: provider, the spec's choice it answers, status, and its editable price. */
export function ModelTable({ models, currency }: { models: AdminModel[]; currency: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table data-testid="admin-models">
        <TableHeader>
          <TableRow>
            <TableHead>Model</TableHead>
            <TableHead>Provider</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Price ({currency} per million tokens, input / output)</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {models.map((m) => (
            <TableRow key={m.key} data-model={m.key}>
              <TableCell>
                <div className="font-medium">{m.name}</div>
                <div className="font-mono text-xs text-muted-foreground">{m.key}</div>
                <div className="mt-1 flex flex-wrap gap-1">
                  {m.choices.map((c) => (
                    <Badge key={c} variant="outline" className="px-1.5 py-0 text-[11px]">
                      answers “{c}”
                    </Badge>
                  ))}
                  {m.source === 'listed' ? (
                    <Badge variant="outline" className="px-1.5 py-0 text-[11px]">
                      from the server’s list
                    </Badge>
                  ) : null}
                </div>
              </TableCell>
              <TableCell>{m.provider}</TableCell>
              <TableCell>
                <Badge variant={STATUS[m.status].variant}>{STATUS[m.status].label}</Badge>
              </TableCell>
              <TableCell>
                <PriceEditor key={`${m.price.input}/${m.price.output}`} model={m} currency={currency} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
