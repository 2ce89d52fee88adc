/*
 * The audit log stores an admin action's record before and after as JSON. The page shows what
 * changed: one row per changed field (nested objects flattened to dotted paths).
 */

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

type Flat = Record<string, unknown>;

function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out[prefix] = {};
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = value;
  } else if (value !== undefined && value !== null) {
    // A bare value (not an object) stands for the record as a whole.
    out.value = value;
  }
  return out;
}

/** A value as the page shows it: text as is, on/off for flags, JSON for lists. */
export function formatValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** The fields that differ between before and after, in a stable order. */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, before: formatValue(a[field]), after: formatValue(b[field]) }));
}

/** A field path as words: 'notifications.newUserAlerts' -> 'notifications › new user alerts'. */
export function fieldLabel(field: string): string {
  return field
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' › ');
}
