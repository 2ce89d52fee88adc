/*
 * IP allow-lists for admin settings: IPv4 and IPv6 addresses and CIDR ranges, comma-separated. Pure
 * code (no node:net) so the settings screen validates exactly as the server does.
 */

export interface ParsedIp {
  version: 4 | 6;
  value: bigint;
}

export interface IpRange {
  version: 4 | 6;
  /** The network address (host bits cleared). */
  network: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: '010' reads as octal in some tools and as decimal in others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let head = text;
  let tailV4: bigint | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    // Keep the colon(s) before the IPv4 part so '::1.2.3.4' still has its '::'.
    head = text.slice(0, lastColon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const groupsWanted = tailV4 === null ? 8 : 6;
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = toGroups(halves[0] ?? '');
  const right = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  const present = left.length + right.length;
  if (halves.length === 1 ? present !== groupsWanted : present > groupsWanted - 1) return null;
  const groups = [...left, ...Array<string>(groupsWanted - present).fill('0'), ...right];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  if (tailV4 !== null) value = (value << 32n) | tailV4;
  return value;
}

/** An IPv4 or IPv6 address; an IPv4-mapped IPv6 address (::ffff:1.2.3.4) reads as IPv4. */
export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseIpv6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

/** An address (a single-host range) or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32. */
export function parseIpRange(text: string): IpRange | null {
  const [address, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const bits = BITS[ip.version];
  let prefix: number = bits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > bits) return null;
  }
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { version: ip.version, network: ip.value & mask, prefix };
}

export function rangeContains(range: IpRange, ip: ParsedIp): boolean {
  if (range.version !== ip.version) return false;
  const bits = BITS[ip.version];
  const shift = BigInt(bits - range.prefix);
  return ip.value >> shift === range.network >> shift;
}

/** The entries of a comma-separated list (blank entries dropped). */
export const splitIpList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const ipEntryError = (entry: string) =>
  `"${entry}" is not a valid IP address or CIDR range (e.g. 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32)`;

/** The first entry that is not an address or a range, or null when the whole list is valid. */
export function findInvalidIpEntry(text: string): string | null {
  return splitIpList(text).find((entry) => parseIpRange(entry) === null) ?? null;
}

/** True when the list is empty (no restriction) or one of its entries covers the address. */
export function ipAllowedBy(listText: string, address: string | null | undefined): boolean {
  const entries = splitIpList(listText);
  if (entries.length === 0) return true;
  const ip = address ? parseIp(address) : null;
  if (!ip) return false;
  return entries.some((entry) => {
    const range = parseIpRange(entry);
    return range !== null && rangeContains(range, ip);
  });
}
