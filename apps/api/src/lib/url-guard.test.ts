import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkOutgoingUrl,
  classifyAddress,
  guardedLookup,
  InternalAddressError,
  parseIpv6,
  type Resolver,
} from './url-guard';

/** An independent oracle: Node's own BlockList with the refused IPv4 ranges. */
const refusedV4 = new net.BlockList();
for (const [first, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast 224/4 and reserved 240/4 (with the broadcast address)
] as const) {
  refusedV4.addSubnet(first, bits, 'ipv4');
}

const v4Text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const anyV4 = fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(v4Text);
const hextet = fc.integer({ min: 0, max: 0xffff });
const hex = (n: number) => n.toString(16);

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['not an address', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    'fbff::1',
    'fe7f::1',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  it('refuses exactly the IPv4 addresses in the refused ranges (checked against net.BlockList)', () => {
    fc.assert(
      fc.property(anyV4, (address) => {
        expect(classifyAddress(address) !== null).toBe(refusedV4.check(address, 'ipv4'));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses every address of each private range, whatever its host part', () => {
    const inRange = (first: number, bits: number) =>
      fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((host) => v4Text(first + host));
    for (const [first, bits] of [
      [10 * 2 ** 24, 8],
      [(172 * 256 + 16) * 2 ** 16, 12],
      [(192 * 256 + 168) * 2 ** 16, 16],
      [127 * 2 ** 24, 8],
      [(169 * 256 + 254) * 2 ** 16, 16],
      [(100 * 256 + 64) * 2 ** 16, 10],
    ] as const) {
      fc.assert(
        fc.property(inRange(first, bits), (address) => {
          expect(classifyAddress(address)).not.toBeNull();
        }),
      );
    }
  });

  it('classifies an IPv4 written as IPv6 (mapped, dotted or hex) as the IPv4 itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        const v4 = v4Text(n);
        const expected = classifyAddress(v4);
        expect(classifyAddress(`::ffff:${v4}`)).toBe(expected);
        expect(classifyAddress(`::ffff:${hex(n >>> 16)}:${hex(n & 0xffff)}`)).toBe(expected);
        expect(classifyAddress(`0:0:0:0:0:ffff:${v4}`)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('classifies an IPv4 embedded in translated, NAT64 and 6to4 addresses as the IPv4 itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n) => {
        const v4 = v4Text(n);
        const [high, low] = [hex(n >>> 16), hex(n & 0xffff)];
        const expected = classifyAddress(v4);
        expect(classifyAddress(`::ffff:0:${v4}`)).toBe(expected);
        expect(classifyAddress(`64:ff9b::${v4}`)).toBe(expected);
        expect(classifyAddress(`2002:${high}:${low}::1`)).toBe(expected);
        expect(classifyAddress(`2002:${high}:${low}:ffff:1:2:3:4`)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses Teredo, local-use NAT64, documentation and discard-only addresses whatever they hold', () => {
    for (const address of [
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo to 127.0.0.1
      '2001::1',
      '64:ff9b:1::7f00:1',
      '64:ff9b:1:ffff::a00:1',
      '2001:db8::1',
      '100::1',
    ]) {
      expect(classifyAddress(address), address).toBe('reserved');
    }
    expect(classifyAddress('2002:808:808::1')).toBeNull(); // 6to4 of 8.8.8.8
    expect(classifyAddress('2001:4860:4860::8888')).toBeNull();
  });

  it('answers the same for every way of writing one IPv6 address', () => {
    fc.assert(
      fc.property(
        fc.array(hextet, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 8 }),
        (groups, start, length) => {
          const run = Math.min(length, 8 - start);
          const zeroed = groups.map((g, i) => (i >= start && i < start + run ? 0 : g));
          const full = zeroed.map((g) => hex(g).padStart(4, '0')).join(':');
          const short = zeroed.map(hex).join(':');
          const compressed =
            run >= 2
              ? `${zeroed.slice(0, start).map(hex).join(':')}::${zeroed
                  .slice(start + run)
                  .map(hex)
                  .join(':')}`
              : short;
          expect(parseIpv6(full)).toEqual(zeroed);
          expect(parseIpv6(compressed)).toEqual(zeroed);
          const kind = classifyAddress(full);
          expect(classifyAddress(short)).toBe(kind);
          expect(classifyAddress(compressed)).toBe(kind);
          expect(classifyAddress(full.toUpperCase())).toBe(kind);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses every address of the IPv6 internal prefixes and nothing in global unicast', () => {
    const withFirst = (first: fc.Arbitrary<number>) =>
      fc
        .tuple(first, fc.array(hextet, { minLength: 7, maxLength: 7 }))
        .map(([f, rest]) => [f, ...rest].map(hex).join(':'));
    fc.assert(
      fc.property(withFirst(fc.integer({ min: 0xfc00, max: 0xfdff })), (a) => {
        expect(classifyAddress(a)).toBe('unique-local');
      }),
    );
    fc.assert(
      fc.property(withFirst(fc.integer({ min: 0xfe80, max: 0xfebf })), (a) => {
        expect(classifyAddress(a)).toBe('link-local');
      }),
    );
    fc.assert(
      fc.property(withFirst(fc.integer({ min: 0xff00, max: 0xffff })), (a) => {
        expect(classifyAddress(a)).toBe('multicast');
      }),
    );
    // 2000::/3, the global unicast space, but for the prefixes that embed an IPv4 or are reserved
    // within it (6to4 2002::/16, Teredo 2001::/32, documentation 2001:db8::/32), tested above.
    const embedding = (a: string) => /^(2002|2001:(0|db8)):/.test(a);
    fc.assert(
      fc.property(withFirst(fc.integer({ min: 0x2000, max: 0x3fff })), (a) => {
        fc.pre(!embedding(a));
        expect(classifyAddress(a)).toBeNull();
      }),
    );
  });
});

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  };

describe('checkOutgoingUrl', () => {
  const resolve = resolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'v6only.example.com': ['::1'],
    'empty.example.com': [],
  });
  const check = (url: string, allowPrivate = false) =>
    checkOutgoingUrl(url, { allowPrivate, resolve });

  it('allows http(s) URLs whose host resolves to public addresses only', async () => {
    expect(await check('https://hooks.example.com/tarifa')).toBeNull();
    expect(await check('http://hooks.example.com:8080/x?y=1')).toBeNull();
    expect(await check('https://8.8.8.8/')).toBeNull();
    expect(await check('https://[2001:4860:4860::8888]/')).toBeNull();
  });

  it('refuses internal IP literals and hosts with any internal address', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/',
      'http://[64:ff9b:1::127.0.0.1]/',
      'http://[2002:7f00:1::1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'https://sneaky.example.com/',
      'https://metadata.example.com/latest',
      'https://v6only.example.com/',
    ]) {
      expect(await check(url), url).toMatchObject({ code: 'private_address' });
    }
  });

  it('refuses other schemes', async () => {
    expect(await check('ftp://hooks.example.com/')).toMatchObject({ code: 'invalid_url' });
    expect(await check('file:///etc/passwd')).toMatchObject({ code: 'invalid_url' });
    expect(await check('https://u:p@hooks.example.com/')).toBeNull();
    expect(await check('not a url')).toMatchObject({ code: 'invalid_url' });
  });

  it('refuses a host that does not resolve', async () => {
    expect(await check('https://nowhere.example.com/')).toMatchObject({
      code: 'unresolvable_host',
    });
    expect(await check('https://empty.example.com/')).toMatchObject({ code: 'unresolvable_host' });
  });

  it('allows internal addresses when the operator allows them', async () => {
    expect(await check('http://127.0.0.1:8080/', true)).toBeNull();
    expect(await check('http://nowhere.example.com/', true)).toBeNull();
    expect(await check('ftp://127.0.0.1/', true)).toMatchObject({ code: 'invalid_url' });
  });
});

describe('guardedLookup', () => {
  const lookup = guardedLookup(
    resolver({
      'public.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'rebound.example.com': ['127.0.0.1'],
    }),
  );
  const run = (hostname: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>(
      (resolve) => {
        lookup(hostname, options as never, (err, address, family) =>
          resolve({ err, address, family }),
        );
      },
    );

  it('answers the public addresses as dns.lookup would (one, or all)', async () => {
    expect(await run('public.example.com', {})).toMatchObject({
      err: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await run('public.example.com', { family: 6 })).toMatchObject({
      err: null,
      address: '2606:2800:220:1:248:1893:25c8:1946',
    });
    const all = await run('public.example.com', { all: true });
    expect(all.err).toBeNull();
    expect(all.address).toHaveLength(2);
  });

  it('fails the connection when the host now resolves to an internal address', async () => {
    const { err } = await run('rebound.example.com', {});
    expect(err).toBeInstanceOf(InternalAddressError);
    expect(err?.message).toContain('127.0.0.1');
  });

  it('passes resolution errors on', async () => {
    expect((await run('unknown.example.com', {})).err?.code).toBe('ENOTFOUND');
  });
});
