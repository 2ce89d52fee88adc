import { describe, expect, it } from 'vitest';
import { adminSearchTarget } from './admin-search';

describe('admin search (spec section 2)', () => {
  it.each([
    ['users', '/admin/users'],
    ['Members', '/admin/users'],
    ['customer list', '/admin/users'],
    ['prompts', '/admin/marketplace'],
    ['Marketplace', '/admin/marketplace'],
    ['templates', '/admin/marketplace'],
    ['plans', '/admin/plans'],
    ['subscriptions', '/admin/plans'],
    ['pricing', '/admin/plans'],
    ['dashboard', '/admin/dashboard'],
    ['analytics', '/admin/dashboard'],
    ['stats', '/admin/dashboard'],
    ['settings', '/admin/settings'],
    ['config', '/admin/settings'],
    ['preferences', '/admin/settings'],
  ])('%s opens %s', (text, path) => {
    expect(adminSearchTarget(text)).toBe(path);
  });

  it('searches the marketplace for anything else', () => {
    expect(adminSearchTarget('  SEO blog writer ')).toBe('/admin/marketplace?search=SEO+blog+writer');
    expect(adminSearchTarget('a&b=c')).toBe('/admin/marketplace?search=a%26b%3Dc');
  });

  it('ignores blank text', () => {
    expect(adminSearchTarget('   ')).toBeNull();
  });
});
