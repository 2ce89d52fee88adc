/*
 * A conversation is a tree of messages (decision 051): each message names the one it follows
 * (`parent_id`), siblings are alternatives (regenerated replies, edited messages), and the session
 * shows one branch, read back from its last message (`leaf_id`). Pure functions over the rows, in
 * the order the repository lists them (oldest first), so alternatives are numbered by age.
 */

export interface TreeRow {
  id: string;
  parent_id: string | null;
}

/** The messages from the first to `leafId`, in order; empty when `leafId` is null or unknown. */
export function pathTo<R extends TreeRow>(rows: readonly R[], leafId: string | null): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path: R[] = [];
  const seen = new Set<string>();
  for (let at = leafId ? byId.get(leafId) : undefined; at && !seen.has(at.id);) {
    seen.add(at.id);
    path.push(at);
    at = at.parent_id ? byId.get(at.parent_id) : undefined;
  }
  return path.reverse();
}

/** The ids of each parent's children (null: the first messages), oldest first. */
export function childrenOf(rows: readonly TreeRow[]): Map<string | null, string[]> {
  const children = new Map<string | null, string[]>();
  for (const r of rows) {
    const list = children.get(r.parent_id) ?? [];
    list.push(r.id);
    children.set(r.parent_id, list);
  }
  return children;
}

/**
 * The last message of the branch through `messageId`: from it, down through the newest child each
 * time (what the user saw last on that branch is its newest alternative).
 */
export function leafThrough(rows: readonly TreeRow[], messageId: string): string {
  const children = childrenOf(rows);
  let at = messageId;
  const seen = new Set<string>([at]);
  for (;;) {
    const next = children.get(at)?.at(-1);
    if (!next || seen.has(next)) return at;
    seen.add(next);
    at = next;
  }
}

/**
 * The rows as a tree with its last message: a session written before branches (no `leaf_id`, as
 * rows inserted without links are) is one branch in the order of its rows.
 */
export function asTree<R extends TreeRow>(
  rows: readonly R[],
  leafId: string | null,
): { rows: R[]; leafId: string | null } {
  if (leafId !== null || rows.length === 0) return { rows: [...rows], leafId };
  const linked = rows.map((r, i) => ({ ...r, parent_id: i === 0 ? null : rows[i - 1]!.id }));
  return { rows: linked, leafId: linked.at(-1)!.id };
}
