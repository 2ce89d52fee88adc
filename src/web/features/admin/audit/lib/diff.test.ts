import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel, formatValue } from './diff';

describe('audit diff', () => {
  it('lists only the fields that changed', () => {
    expect(
      auditChanges(
        { theme: 'dark', accentColor: 'blue', sidebarCollapsed: false },
        { theme: 'dark', accentColor: 'green', sidebarCollapsed: true },
      ),
    ).toEqual([
      { field: 'accentColor', before: 'blue', after: 'green' },
      { field: 'sidebarCollapsed', before: 'off', after: 'on' },
    ]);
  });

  it('flattens nested records and shows added and removed fields', () => {
    expect(
      auditChanges({ plan: { price: { monthly: 19 } }, name: 'Gold' }, { plan: { price: { monthly: 29 } } }),
    ).toEqual([
      { field: 'plan.price.monthly', before: '19', after: '29' },
      { field: 'name', before: 'Gold', after: null },
    ]);
    expect(auditChanges(null, { status: 'archived' })).toEqual([
      { field: 'status', before: null, after: 'archived' },
    ]);
    expect(auditChanges({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it('shows nothing when nothing changed', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('formats values and field names for people', () => {
    expect(formatValue('')).toBe('(empty)');
    expect(formatValue(true)).toBe('on');
    expect(fieldLabel('notifications.newUserAlerts')).toBe('notifications › new user alerts');
  });
});
