/**
 * IP addresses as written in URLs and as resolvers return them, parsed to
 * bytes so that every spelling of one address compares equal: IPv4 in the
 * WHATWG URL parser's forms (`127.1`, `0x7f.0.0.1`, `017700000001`,
 * `2130706433`, a trailing dot) and IPv6 with `::`, an IPv4 tail
 * (`::ffff:127.0.0.1`), brackets and a zone (`fe80::1%eth0`). Pure; never
 * throws — anything else is null (a host name, not an address).
 */

export interface IpAddress {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: readonly number[];
}

/** An IPv4 or IPv6 address in any of its spellings, or null. */
export function parseIpAddress(text: string): IpAddress | null {
  const host = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (host.includes(':')) {
    const bytes = parseIpv6(host);
    return bytes ? { family: 6, bytes } : null;
  }
  const value = parseIpv4(host);
  return value === null ? null : { family: 4, bytes: ipv4Bytes(value) };
}

/** The WHATWG URL Standard's IPv4 parser: 1–4 parts, decimal, octal (`0` prefix) or hex (`0x`). */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last);
}

function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  // Anything past 2^32 is out of range whatever the part; stop before precision is lost.
  if (digits.length > 12) return null;
  return parseInt(digits, radix);
}

function ipv4Bytes(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** RFC 4291 text forms: eight groups, one `::`, an optional dotted IPv4 tail, an optional zone. */
export function parseIpv6(text: string): number[] | null {
  const host = text.replace(/%.*$/, '');
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 255]);
}

/** `a:b:1.2.3.4` → 16-bit groups (the dotted tail counts as two); null when malformed. */
function groupsOf(text: string): number[] | null {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i === pieces.length - 1 && piece.includes('.')) {
      const bytes = strictDottedQuad(piece);
      if (bytes === null) return null;
      groups.push(bytes[0]! * 256 + bytes[1]!, bytes[2]! * 256 + bytes[3]!);
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

/** Inside IPv6 only plain dotted decimal is allowed (`::ffff:127.0.0.1`). */
function strictDottedQuad(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : 256));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}
