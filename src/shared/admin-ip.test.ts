import { describe, expect, it } from 'vitest';
import { findInvalidIpEntry, ipAllowedBy, parseIp, parseIpRange } from './admin-ip';
import { UpdateAdminSettingsSchema } from './admin-settings';

describe('IP addresses', () => {
  it.each([
    ['203.0.113.7', 4],
    ['0.0.0.0', 4],
    ['255.255.255.255', 4],
    ['::1', 6],
    ['::', 6],
    ['2001:db8::8a2e:370:7334', 6],
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', 6],
    ['fe80::1:2:3:4', 6],
    ['::ffff:192.0.2.1', 4],
    ['64:ff9b::192.0.2.33', 6],
  ])('reads %s as IPv%i', (text, version) => {
    expect(parseIp(text)?.version).toBe(version);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    '2001:db8::1::2',
    '2001:db8:0:0:0:0:0:0:1',
    '12345::',
    'g::1',
    'localhost',
    '',
    '1.2.3.4 5',
  ])('refuses %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(parseIp('::ffff:10.0.0.1')).toEqual(parseIp('10.0.0.1'));
  });
});

describe('CIDR ranges', () => {
  it('matches addresses inside a range and not outside', () => {
    const allowed = (list: string, ip: string) => ipAllowedBy(list, ip);
    expect(allowed('10.0.0.0/8', '10.255.3.4')).toBe(true);
    expect(allowed('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(allowed('192.168.1.0/24', '192.168.1.200')).toBe(true);
    expect(allowed('192.168.1.0/24', '192.168.2.1')).toBe(false);
    expect(allowed('192.168.1.77/32', '192.168.1.77')).toBe(true);
    expect(allowed('192.168.1.77/32', '192.168.1.78')).toBe(false);
    expect(allowed('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(allowed('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(allowed('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(allowed('::/0', '::1')).toBe(true);
    // An IPv6 range never covers an IPv4 address, and the reverse.
    expect(allowed('::/0', '1.2.3.4')).toBe(false);
    expect(allowed('0.0.0.0/0', '2001:db8::1')).toBe(false);
    // Node reports IPv4 clients of a dual-stack socket as IPv4-mapped IPv6.
    expect(allowed('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
  });

  it('clears host bits of a range written with them', () => {
    expect(parseIpRange('10.1.2.3/8')).toEqual(parseIpRange('10.0.0.0/8'));
  });

  it('allows everyone when the list is empty, and nobody without a readable address', () => {
    expect(ipAllowedBy('', '1.2.3.4')).toBe(true);
    expect(ipAllowedBy(' , ', '1.2.3.4')).toBe(true);
    expect(ipAllowedBy('1.2.3.4', null)).toBe(false);
    expect(ipAllowedBy('1.2.3.4, 5.6.7.0/24', '5.6.7.8')).toBe(true);
  });

  it.each(['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', '10.0.0.0/-1', '10.0.0.0/ab'])(
    'refuses the range %j',
    (text) => expect(parseIpRange(text)).toBeNull(),
  );
});

describe('IP whitelist validation', () => {
  it('names the first bad entry', () => {
    expect(findInvalidIpEntry('1.2.3.4, 10.0.0.0/8, nope, 300.1.1.1')).toBe('nope');
    expect(findInvalidIpEntry('1.2.3.4, 2001:db8::/32')).toBeNull();
  });

  it('gives a clear message and normalises the list', () => {
    const security = (ipWhitelist: string) =>
      UpdateAdminSettingsSchema.safeParse({
        security: { loginAlerts: true, sessionTimeout: '24', ipWhitelist },
      });
    const bad = security('1.2.3.4, 10.0.0.0/40');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      '"10.0.0.0/40" is not a valid IP address or CIDR range (e.g. 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32)',
    );
    const good = security(' 1.2.3.4 ,,10.0.0.0/8 ');
    expect(good.success && good.data.security?.ipWhitelist).toBe('1.2.3.4, 10.0.0.0/8');
  });
});
