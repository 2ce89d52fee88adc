import type { Kysely } from 'kysely';
import type { TestBoard } from '../../../shared/prompt-tests';
import type { DB } from '../../db/types';
import * as repo from './repository';

/*
 * A prompt's board: per model, the latest run of each of its current cases on its current version:
 * passed / total, the median latency, the mean cost of a run, the last run's date. A model "passes"
 * when every case's latest run on it passed; the card's badge lists those models, and a prompt
 * whose current version passes on none is "Not yet tested". Numbers only (TestBoardSchema).
 */

/** The spec's choices first, in the playground's order; other models after them by name. */
const CHOICE_NAMES = ['Claude', 'ChatGPT', 'Perplexity'];
const rank = (name: string) => {
  const i = CHOICE_NAMES.indexOf(name);
  return i === -1 ? CHOICE_NAMES.length : i;
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export async function boardOf(deps: { db: Kysely<DB> }, promptId: string): Promise<TestBoard> {
  const { db } = deps;
  const [version, cases] = await Promise.all([
    repo.currentVersion(db, promptId),
    repo.listCases(db, promptId),
  ]);
  const caseIds = new Set(cases.map((c) => c.id));
  const runs = caseIds.size === 0 ? [] : await repo.runsOfVersion(db, promptId, version);
  // Newest first: the first run seen of a case on a model is its latest.
  const latest = new Map<string, Map<string, repo.RunRow>>();
  for (const run of runs) {
    if (!run.case_id || !caseIds.has(run.case_id)) continue;
    const byCase = latest.get(run.model_key) ?? new Map<string, repo.RunRow>();
    if (!byCase.has(run.case_id)) byCase.set(run.case_id, run);
    latest.set(run.model_key, byCase);
  }
  const models = [...latest].map(([key, byCase]) => {
    const rows = [...byCase.values()];
    return {
      key,
      name: rows[0]!.model_name,
      passed: rows.filter((r) => r.status === 'passed').length,
      total: rows.length,
      medianLatencyMs: median(rows.flatMap((r) => (r.latency_ms === null ? [] : [r.latency_ms]))),
      costPerRunMicros: Math.round(rows.reduce((sum, r) => sum + r.cost_micros, 0) / rows.length),
      lastRunAt: rows.reduce((last, r) => (r.created_at > last ? r.created_at : last), ''),
    };
  });
  models.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const passing = models.filter((m) => m.total === caseIds.size && m.passed === m.total);
  const at = models.reduce((last, m) => (m.lastRunAt > last ? m.lastRunAt : last), '');
  return {
    version,
    tested: passing.length > 0 ? { on: passing.map((m) => m.name), at } : null,
    models,
  };
}
