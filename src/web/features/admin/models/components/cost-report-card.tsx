import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { useModelCosts } from '../api/get-model-costs';

/** Costs are fractions of a cent a reply: four decimals, six below a cent. */
const money = (currency: string, value: number) =>
  `${currency} ${value.toFixed(value !== 0 && value < 0.01 ? 6 : 4)}`;

function CostTable({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: { label: string; cost: number; replies: number; tokens: number }[];
  currency: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{title.replace(/^By /, '')}</TableHead>
              <TableHead className="text-right">Replies</TableHead>
              <TableHead className="text-right">Tokens</TableHead>
              <TableHead className="text-right">Cost</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  No replies yet.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((r) => (
                <TableRow key={r.label}>
                  <TableCell className="max-w-56 truncate">{r.label}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(r.replies)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(r.tokens)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(currency, r.cost)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/** What the playground cost: by day, model and plan, and the users who cost most. */
export function CostReportCard() {
  const [days, setDays] = useState(30);
  const costs = useModelCosts(days);
  const data = costs.data;
  const tokens = (r: { inputTokens: number; outputTokens: number }) => r.inputTokens + r.outputTokens;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Playground cost</CardTitle>
          <CardDescription>
            From each reply’s tokens and the price table; the offline demo model’s tokens are estimates.
          </CardDescription>
        </div>
        <NativeSelect
          aria-label="Period"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          containerClassName="w-40"
        >
          <option value={7}>Last 7 days</option>
          <option value={30}>Last 30 days</option>
          <option value={90}>Last 90 days</option>
        </NativeSelect>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <p className="text-2xl font-semibold tabular-nums" data-testid="cost-total">
              {money(data.currency, data.total.cost)}
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {formatNumber(data.total.replies)} replies
              </span>
            </p>
            <p className="text-sm text-muted-foreground" data-testid="test-run-cost">
              Prompt test runs in the period:{' '}
              <span className="font-medium text-foreground tabular-nums">
                {money(data.currency, data.testRuns.cost)}
              </span>{' '}
              ({formatNumber(data.testRuns.runs)} runs, paid from creators’ monthly test budgets)
            </p>
            <div className="grid gap-6 lg:grid-cols-2">
              <CostTable
                title="By model"
                currency={data.currency}
                rows={data.byModel.map((r) => ({
                  label: r.model,
                  cost: r.cost,
                  replies: r.replies,
                  tokens: tokens(r),
                }))}
              />
              <CostTable
                title="By plan"
                currency={data.currency}
                rows={data.byPlan.map((r) => ({
                  label: r.plan,
                  cost: r.cost,
                  replies: r.replies,
                  tokens: tokens(r),
                }))}
              />
              <CostTable
                title="By day"
                currency={data.currency}
                rows={[...data.byDay]
                  .reverse()
                  .map((r) => ({ label: r.day, cost: r.cost, replies: r.replies, tokens: tokens(r) }))}
              />
              <CostTable
                title="Top users"
                currency={data.currency}
                rows={data.topUsers.map((r) => ({
                  label: `${r.name} (${r.email})`,
                  cost: r.cost,
                  replies: r.replies,
                  tokens: tokens(r),
                }))}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
