/**
 * What kind of network an address is on: the public internet, or a place a
 * page on the internet must not make RobotLens reach — this machine
 * (loopback), the user's network (private, link-local, carrier-grade NAT),
 * cloud metadata services (169.254.169.254, fd00:ec2::254: link-local and
 * unique-local) and addresses that mean "this host" or nothing routable.
 * From the IANA special-purpose registries (RFC 6890 and successors);
 * addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are the
 * kind of the IPv4 address they carry.
 */
import { parseIpAddress, type IpAddress } from './ip-address.ts';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  /** 100.64.0.0/10, carrier-grade NAT (and some clouds' metadata, e.g. 100.100.100.200). */
  | 'shared'
  /** 0.0.0.0/8 and `::`: "this host", which connects to the machine itself. */
  | 'unspecified'
  | 'multicast'
  /** Documentation, benchmarking, broadcast, future use, deprecated tunnels: nothing public. */
  | 'reserved';

type Range = [prefix: readonly number[], bits: number, kind: AddressClass];

const IPV4_RANGES: readonly Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

const IPV6_RANGES: readonly Range[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'],
  [[0x20, 0x01, 0, 0], 32, 'reserved'],
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'private'],
  [[0xfc], 7, 'private'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'],
  [[0xff], 8, 'multicast'],
];

/** The kind of an address in any spelling; null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  const address = parseIpAddress(text);
  return address ? classifyIp(address) : null;
}

/**
 * The kind of a URL's host when it can be told without DNS: an IP literal,
 * or `localhost` and names under `.localhost` (RFC 6761: always loopback).
 * Null for every other name: only its resolved address can tell.
 */
export function classifyHostname(hostname: string): AddressClass | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  return classifyAddress(name);
}

export function classifyIp({ family, bytes }: IpAddress): AddressClass {
  if (family === 4) return classifyIn(bytes, IPV4_RANGES);
  const embedded = embeddedIpv4(bytes);
  if (embedded) return classifyIn(embedded, IPV4_RANGES);
  if (bytes.every((b, i) => b === (i === 15 ? 1 : 0))) return 'loopback';
  if (bytes.every((b) => b === 0)) return 'unspecified';
  // ::/96 (IPv4-compatible, deprecated) and the rest of ::/8 are not routable.
  if (bytes[0] === 0 && !startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48))
    return 'reserved';
  return classifyIn(bytes, IPV6_RANGES);
}

/** The IPv4 address an IPv6 one stands for: ::ffff:a.b.c.d, 64:ff9b::a.b.c.d (NAT64), 2002:ab:cd::/16 (6to4). */
function embeddedIpv4(bytes: readonly number[]): number[] | null {
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) return bytes.slice(12);
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b], 96)) return bytes.slice(12);
  if (startsWith(bytes, [0x20, 0x02], 16)) return bytes.slice(2, 6);
  return null;
}

function classifyIn(bytes: readonly number[], ranges: readonly Range[]): AddressClass {
  for (const [prefix, bits, kind] of ranges) if (startsWith(bytes, prefix, bits)) return kind;
  if (bytes.length === 4 && bytes.every((b) => b === 255)) return 'reserved';
  return 'public';
}

/** Do the first `bits` bits of `bytes` equal those of `prefix` (zero-filled)? */
function startsWith(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8;
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}
