import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The country of a client IP, from the IP-to-country ranges shipped in
 * @ip-location-db/geo-whois-asn-country (GeoFeed > RIR whois > RIR ASN, data by the NRO under
 * CC BY 4.0). Nothing finer than the country is ever derived. The ranges are read once, on the
 * first lookup, and kept in typed arrays; a lookup is a binary search.
 */

/**
 * Addresses that belong to no country: private, loopback, link-local, shared (CGNAT),
 * documentation, benchmarking, multicast and reserved. The ranges data places some of them
 * (192.168.0.0/16 is listed under AU), so they are refused before the lookup.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

interface Ranges {
  /** Two-letter codes, indexed by the `country` arrays. */
  codes: string[];
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Country: Uint16Array;
  /** IPv6 addresses as high and low 64-bit halves. */
  v6StartHi: BigUint64Array;
  v6StartLo: BigUint64Array;
  v6EndHi: BigUint64Array;
  v6EndLo: BigUint64Array;
  v6Country: Uint16Array;
}

const MASK_64 = (1n << 64n) - 1n;
let loading: Promise<Ranges> | undefined;

function rangesLoaded(): Promise<Ranges> {
  loading ??= loadRanges().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function loadRanges(): Promise<Ranges> {
  const require = createRequire(import.meta.url);
  const [v4Text, v6Text] = await Promise.all([
    readFile(require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv4-num.csv'), 'utf8'),
    readFile(require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv6-num.csv'), 'utf8'),
  ]);
  const codes: string[] = [];
  const codeIndex = new Map<string, number>();
  const indexOf = (code: string): number => {
    let index = codeIndex.get(code);
    if (index === undefined) {
      index = codes.length;
      codes.push(code);
      codeIndex.set(code, index);
    }
    return index;
  };

  const v4Lines = linesOf(v4Text);
  const v4Start = new Uint32Array(v4Lines.length);
  const v4End = new Uint32Array(v4Lines.length);
  const v4Country = new Uint16Array(v4Lines.length);
  v4Lines.forEach((line, i) => {
    const [start = '', end = '', code = ''] = line.split(',');
    v4Start[i] = Number(start);
    v4End[i] = Number(end);
    v4Country[i] = indexOf(code);
  });

  const v6Lines = linesOf(v6Text);
  const v6StartHi = new BigUint64Array(v6Lines.length);
  const v6StartLo = new BigUint64Array(v6Lines.length);
  const v6EndHi = new BigUint64Array(v6Lines.length);
  const v6EndLo = new BigUint64Array(v6Lines.length);
  const v6Country = new Uint16Array(v6Lines.length);
  v6Lines.forEach((line, i) => {
    const [start = '', end = '', code = ''] = line.split(',');
    const from = BigInt(start);
    const to = BigInt(end);
    v6StartHi[i] = from >> 64n;
    v6StartLo[i] = from & MASK_64;
    v6EndHi[i] = to >> 64n;
    v6EndLo[i] = to & MASK_64;
    v6Country[i] = indexOf(code);
  });
  return { codes, v4Start, v4End, v4Country, v6StartHi, v6StartLo, v6EndHi, v6EndLo, v6Country };
}

function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0);
}

/** Index of the last range starting at or before the address, or -1. Ranges are sorted and disjoint. */
function lastStartAtOrBefore(count: number, startsAfter: (i: number) => boolean): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (startsAfter(mid)) high = mid - 1;
    else {
      found = mid;
      low = mid + 1;
    }
  }
  return found;
}

function ipv4Number(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** An IPv6 address (already checked by isIPv6, zone removed) as a 128-bit number. */
function ipv6Number(ip: string): bigint {
  let text = ip;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function countryCodeOf(ranges: Ranges, ip: string): string | null {
  if (isIPv4(ip)) {
    if (NOT_PUBLIC.check(ip, 'ipv4')) return null;
    const n = ipv4Number(ip);
    const i = lastStartAtOrBefore(ranges.v4Start.length, (k) => (ranges.v4Start[k] ?? 0) > n);
    return i >= 0 && n <= (ranges.v4End[i] ?? 0) ? (ranges.codes[ranges.v4Country[i] ?? 0] ?? null) : null;
  }
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address) || NOT_PUBLIC.check(address, 'ipv6')) return null;
  const n = ipv6Number(address);
  // An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address it carries.
  if (n >> 32n === 0xffffn) return countryCodeOf(ranges, [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 0xffn)).join('.'));
  const hi = n >> 64n;
  const lo = n & MASK_64;
  const i = lastStartAtOrBefore(ranges.v6StartHi.length, (k) => {
    const startHi = ranges.v6StartHi[k] ?? 0n;
    return startHi > hi || (startHi === hi && (ranges.v6StartLo[k] ?? 0n) > lo);
  });
  if (i < 0) return null;
  const endHi = ranges.v6EndHi[i] ?? 0n;
  const inside = hi < endHi || (hi === endHi && lo <= (ranges.v6EndLo[i] ?? 0n));
  return inside ? (ranges.codes[ranges.v6Country[i] ?? 0] ?? null) : null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** A withdrawn code names no current country: AN (the Netherlands Antilles, dissolved in 2010; ICU would say "Curaçao"). */
const WITHDRAWN_CODES = new Set(['AN']);

/**
 * The English name of the country an IP address is registered in, or null when the address is
 * private, reserved, malformed or in no known range.
 * @example await countryOfIp('8.8.8.8') // 'United States'
 */
export async function countryOfIp(ip: string | null | undefined): Promise<string | null> {
  if (!ip) return null;
  const code = countryCodeOf(await rangesLoaded(), ip.trim());
  return code && !WITHDRAWN_CODES.has(code) ? (regionNames.of(code) ?? null) : null;
}
