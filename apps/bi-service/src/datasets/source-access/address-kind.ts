/**
 * What kind of network an IP address belongs to, as far as a PostgreSQL source may reach it
 * (decision 0222). Only `public` addresses are reachable in production without an allow-list.
 */
import { BlockList, isIP } from 'node:net';

export type AddressKind = 'loopback' | 'link-local' | 'private' | 'reserved' | 'public';

/** Ranges by kind; IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) match their IPv4 range. */
const ranges: Record<Exclude<AddressKind, 'public'>, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'],
  // "This network" (0.0.0.0 reaches this machine), IETF protocol assignments, benchmarking,
  // multicast, the old site-local IPv6 range and everything that is not routable on the Internet.
  reserved: [
    '0.0.0.0/8',
    '192.0.0.0/24',
    '198.18.0.0/15',
    '224.0.0.0/4',
    '240.0.0.0/4',
    '::/128',
    'fec0::/10',
    'ff00::/8',
  ],
};

const lists = Object.entries(ranges).map(([kind, cidrs]) => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return { kind: kind as AddressKind, list };
});

/** NAT64 (RFC 6052) carries an IPv4 address in its last 32 bits: judged as that address. */
const nat64 = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

function embeddedIpv4(address: string): string | undefined {
  const match = nat64.exec(address);
  if (!match) return undefined;
  const [high, low] = [parseInt(match[1]!, 16), parseInt(match[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The kind of `address` (an IP literal; a zone such as `%eth0` is ignored). */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) throw new Error(`Not an IP address: ${address}`);
  const nat64Target = family === 6 ? embeddedIpv4(bare) : undefined;
  if (nat64Target) return addressKind(nat64Target);
  const type = family === 6 ? 'ipv6' : 'ipv4';
  return lists.find(({ list }) => list.check(bare, type))?.kind ?? 'public';
}
