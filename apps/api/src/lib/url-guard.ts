import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * The guard of outgoing requests to URLs that users choose (webhooks, docs/publishing.md): only
 * http(s), and never to an address inside the server's own network — loopback, private ranges,
 * link-local (cloud metadata services live there), carrier-grade NAT, unspecified, multicast,
 * broadcast and reserved addresses, IPv6 unique-local and link-local, and IPv4 addresses written
 * as IPv6 (mapped, compatible, translated, NAT64, 6to4; Teredo refused whole). Checked when the URL is saved and again when each request
 * connects (a host name may resolve elsewhere by then: DNS rebinding).
 */

/** Why an address is refused. */
export type InternalAddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'unique-local'
  | 'invalid';

/** IPv4 ranges refused: [first address, prefix length, kind]. */
const ipv4Ranges: [string, number, InternalAddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** An IPv4 address as an unsigned 32-bit number; undefined when it is not one. */
export function parseIpv4(text: string): number | undefined {
  if (!net.isIPv4(text)) return undefined;
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const v4Ranges = ipv4Ranges.map(([first, bits, kind]) => ({
  first: parseIpv4(first)!,
  size: 2 ** (32 - bits),
  kind,
}));

function classifyIpv4Number(n: number): InternalAddressKind | null {
  // The first match wins: 255.255.255.255 is listed before the reserved 240/4 that holds it.
  for (const range of v4Ranges) {
    if (n >= range.first && n < range.first + range.size) return range.kind;
  }
  return null;
}

/** An IPv6 address as its eight 16-bit groups; undefined when it is not one. */
export function parseIpv6(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, ''); // a zone (fe80::1%eth0) does not change the address
  if (!net.isIPv6(address)) return undefined;
  let head = address;
  const tail: number[] = [];
  // A dotted IPv4 in the last 32 bits (::ffff:127.0.0.1).
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = parseIpv4(dotted[2]!);
    if (v4 === undefined) return undefined;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    head = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left, right] = head.split('::') as [string, string | undefined];
  const before = groups(left);
  const after = right === undefined ? [] : groups(right);
  const missing = 8 - before.length - after.length - tail.length;
  if (right === undefined && missing !== 0) return undefined;
  return [...before, ...Array<number>(Math.max(0, missing)).fill(0), ...after, ...tail];
}

function classifyIpv6Groups(g: number[]): InternalAddressKind | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4 = () => g[6]! * 65536 + g[7]!;
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d): the IPv4 decides.
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIpv4Number(v4());
  if (zeros(0, 6)) return classifyIpv4Number(v4()) ?? 'reserved';
  // SIIT's IPv4-translated form (::ffff:0:a.b.c.d) reaches the IPv4 it embeds.
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return classifyIpv4Number(v4());
  // NAT64 (64:ff9b::a.b.c.d) reaches the IPv4 it embeds; the rest of 64:ff9b::/32, with the
  // local-use 64:ff9b:1::/48 of RFC 8215, is translated inside a network: never a public host.
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    return zeros(2, 6) ? classifyIpv4Number(v4()) : 'reserved';
  }
  // 6to4 (2002:aabb:ccdd::/48) reaches the IPv4 aa.bb.cc.dd through its relay.
  if (g[0] === 0x2002) return classifyIpv4Number(g[1]! * 65536 + g[2]!);
  // Teredo (2001:0::/32) tunnels to an IPv4 hidden in its last bits; documentation (2001:db8::/32)
  // and discard-only (100::/64) addresses are never a destination.
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return 'reserved';
  if (g[0] === 0x100 && zeros(1, 4)) return 'reserved';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'unique-local'; // fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'unique-local'; // fec0::/10, the old site-local
  if ((first & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  return null;
}

/**
 * What kind of internal address `address` is (an IPv4 or IPv6 literal), or null for a public one.
 * Anything that is not an IP address is `invalid` (refused).
 */
export function classifyAddress(address: string): InternalAddressKind | null {
  const v4 = parseIpv4(address);
  if (v4 !== undefined) return classifyIpv4Number(v4);
  const v6 = parseIpv6(address);
  if (v6 !== undefined) return classifyIpv6Groups(v6);
  return 'invalid';
}

export const isInternalAddress = (address: string) => classifyAddress(address) !== null;

/** Resolves a host name to every address it has (dns.lookup, as connections do). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Why a URL is refused, as the API names it at the URL's field. */
export type UrlRefusal =
  | { code: 'invalid_url'; message: string }
  | { code: 'private_address'; message: string; address: string }
  | { code: 'unresolvable_host'; message: string };

/** The host of a URL without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a URL before it is saved: http(s), and (unless `allowPrivate`) every address its host
 * resolves to is public. Answers null when it may be used, else why not.
 */
export async function checkOutgoingUrl(
  text: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<UrlRefusal | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: 'invalid_url', message: 'Must be an http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { code: 'invalid_url', message: 'Must be an http(s) URL' };
  }
  if (options.allowPrivate) return null;
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await (options.resolve ?? systemResolver)(host)).map((a) => a.address);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      return { code: 'unresolvable_host', message: `The host ${host} could not be resolved` };
    }
  }
  const internal = addresses.find(isInternalAddress);
  return internal === undefined
    ? null
    : {
        code: 'private_address',
        message: 'Must not point at a loopback, private, link-local or other internal address',
        address: internal,
      };
}

/**
 * Words for a failed outgoing connection (no answer came): what the webhook's delivery log and a
 * channel connection's log show.
 */
export function connectionError(err: NodeJS.ErrnoException, timeoutMs: number): string {
  if (err.code === 'EPRIVATEADDRESS') return err.message;
  if (err.code === 'ETIMEDOUT') return `no answer within ${timeoutMs / 1000} s`;
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'the host could not be resolved';
  return err.code ? `${err.message} (${err.code})` : err.message;
}

/** The error a guarded connection fails with when its host resolves to an internal address. */
export class InternalAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`refused to connect to the internal address ${address}`);
    this.name = 'InternalAddressError';
  }
}

/**
 * A `lookup` for http(s).request that resolves like dns.lookup and fails the connection when any
 * address of the host is internal: the check happens on the very addresses the socket connects
 * to, so a host that resolved to a public address when it was saved cannot be turned into an
 * internal one later (DNS rebinding). IP literals do not go through `lookup`; check them before.
 */
export function guardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        const internal = addresses.find((a) => isInternalAddress(a.address));
        if (internal) {
          callback(new InternalAddressError(internal.address), '', 0);
          return;
        }
        if (addresses.length === 0) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, addresses as never);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
