import type { TopCreator, TopPrompt } from '@shared/admin-dashboard';
import { CATEGORY_LABELS, type Category } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney, formatNumber } from '@/lib/format';

function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** Top prompts by views or by revenue. */
export function TopPromptsTable({
  prompts,
  label,
  compact = false,
}: {
  prompts: TopPrompt[];
  label: string;
  /** In a narrow panel: only the title, views and revenue. */
  compact?: boolean;
}) {
  const wide = compact ? 'hidden' : 'hidden sm:table-cell';
  if (prompts.length === 0) return <Empty>No published prompts with figures yet.</Empty>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Prompt</TableHead>
          <TableHead className={wide}>Category</TableHead>
          <TableHead className="text-right">Views</TableHead>
          <TableHead className={`${wide} text-right`}>Downloads</TableHead>
          <TableHead className="text-right">Revenue</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {prompts.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="max-w-0 min-w-40">
              <p className="truncate font-medium">{p.title}</p>
              <p className="truncate text-xs text-muted-foreground">by {p.authorName}</p>
            </TableCell>
            <TableCell className={wide}>
              <Badge variant="secondary">{CATEGORY_LABELS[p.category as Category] ?? p.category}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(p.views)}</TableCell>
            <TableCell className={`${wide} text-right tabular-nums`}>{formatNumber(p.downloads)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {p.revenueMinor > 0 ? (
                formatMoney(p.revenueMinor)
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Top creators by what they earned (sales less refunds). */
export function TopCreatorsTable({ creators }: { creators: TopCreator[] }) {
  if (creators.length === 0) return <Empty>No creator has earned anything yet.</Empty>;
  return (
    <Table aria-label="Top creators">
      <TableHeader>
        <TableRow>
          <TableHead>Creator</TableHead>
          <TableHead className="text-right">Sales</TableHead>
          <TableHead className="text-right">Earnings</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {creators.map((c) => (
          <TableRow key={c.id}>
            <TableCell className="max-w-0 min-w-40">
              <p className="truncate font-medium">{c.name}</p>
              <p className="truncate text-xs text-muted-foreground">
                {formatNumber(c.prompts)} published · {c.email}
              </p>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(c.sales)}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatMoney(c.earningsMinor)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
