import { describe, expect, it } from 'vitest';
import { countryOfIp } from './ip-country';

// Ranges from @ip-location-db/geo-whois-asn-country at the version in package-lock.json.
describe('countryOfIp', () => {
  it('names the country of an IPv4 address in a known range', async () => {
    expect(await countryOfIp('8.8.8.8')).toBe('United States');
    expect(await countryOfIp('1.1.1.1')).toBe('Australia');
    // 1.6.0.0–1.7.255.255 is IN: both ends are inside.
    expect(await countryOfIp('1.6.0.0')).toBe('India');
    expect(await countryOfIp('1.7.255.255')).toBe('India');
    expect(await countryOfIp(' 1.6.12.34 ')).toBe('India');
  });

  it('finds no country between ranges', async () => {
    // 5.249.167.255 ends a DE range; the next starts at 5.249.176.0.
    expect(await countryOfIp('5.249.167.255')).toBe('Germany');
    expect(await countryOfIp('5.249.169.192')).toBeNull();
  });

  it('gives no place for private, loopback, shared, documentation and multicast addresses', async () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '172.16.5.4', '192.168.1.10', '169.254.0.1', '100.64.0.1', '203.0.113.7', '198.51.100.2', '224.0.0.1', '0.0.0.0', '255.255.255.255']) {
      expect(await countryOfIp(ip), ip).toBeNull();
    }
    for (const ip of ['::1', '::', 'fe80::1%eth0', 'fd12:3456::1', '2001:db8::7', 'ff02::1', '::ffff:192.168.0.1', '::ffff:127.0.0.1']) {
      expect(await countryOfIp(ip), ip).toBeNull();
    }
  });

  it('names the country of an IPv6 address, including the ends of a range', async () => {
    expect(await countryOfIp('2001:4860:4860::8888')).toBe('United States');
    // 2001:420:5200:: – 2001:420:55ff:ffff:ffff:ffff:ffff:ffff is IN, between an AU and a US range.
    expect(await countryOfIp('2001:420:5200::')).toBe('India');
    expect(await countryOfIp('2001:420:55ff:ffff:ffff:ffff:ffff:ffff')).toBe('India');
    expect(await countryOfIp('2001:420:51ff:ffff:ffff:ffff:ffff:ffff')).toBe('Australia');
    expect(await countryOfIp('2001:420:5600::1')).toBe('United States');
    expect(await countryOfIp('2001:0420:5300:0000:0000:0000:0000:0001')).toBe('India');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    expect(await countryOfIp('::ffff:8.8.8.8')).toBe('United States');
    expect(await countryOfIp('::ffff:0101:0101')).toBe('Australia');
  });

  it('gives no place for a range under a withdrawn code', async () => {
    // 2401:b60:1a10::/44 is listed under AN (the Netherlands Antilles, dissolved in 2010).
    expect(await countryOfIp('2401:b60:1a10::1')).toBeNull();
  });

  it('gives no place for a missing or malformed address', async () => {
    for (const ip of [null, undefined, '', 'unknown', '1.2.3', '999.1.1.1', '2001:::1', 'not an ip']) {
      expect(await countryOfIp(ip)).toBeNull();
    }
  });
});
