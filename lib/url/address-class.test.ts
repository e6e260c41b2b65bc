import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyHostname, type AddressClass } from './address-class.ts';
import { parseIpAddress } from './ip-address.ts';

describe('classifyAddress', () => {
  it.each<[string, AddressClass | null]>([
    // IPv4, the usual spelling
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'shared'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv4, the other spellings the URL parser accepts
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['017700000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0xA9.0xFE.0xA9.0xFE', 'link-local'],
    ['169.254.43518', 'link-local'],
    ['10.1', 'private'],
    ['3232235777', 'private'],
    ['127.0.0.1.', 'loopback'],
    ['0', 'unspecified'],
    ['0x', 'unspecified'],
    // IPv6
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    // IPv6 carrying IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:169.254.169.254]', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0808:0808::', 'public'],
    ['::127.0.0.1', 'reserved'],
    // not addresses
    ['example.com', null],
    ['1.2.3.4.5', null],
    ['256.1.1.1', null],
    ['1.2.3.0x100', null],
    ['1.2.0x100', 'public'],
    ['1.2.3.09', null],
    ['4294967296', null],
    [':::1', null],
    ['1::2::3', null],
    ['1:2:3:4:5:6:7:8:9', null],
    ['::ffff:127.0.0.01', null],
    ['', null],
  ])('%s is %s', (text, expected) => {
    expect(classifyAddress(text)).toBe(expected);
  });

  it('reads every spelling of one address as the same bytes', () => {
    const spellings = ['127.0.0.1', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7F.1'];
    for (const text of spellings) expect(parseIpAddress(text)?.bytes).toEqual([127, 0, 0, 1]);
  });
});

describe('classifyHostname', () => {
  it.each<[string, AddressClass | null]>([
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['app.localhost', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['[fd00::1]', 'private'],
    ['example.com', null],
    ['localhost.example.com', null],
  ])('%s is %s', (hostname, expected) => {
    expect(classifyHostname(hostname)).toBe(expected);
  });
});
