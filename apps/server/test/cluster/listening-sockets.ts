import { readFileSync } from 'node:fs';

/** An IPv4 address as /proc/net/tcp writes it: 8 hex digits, the bytes in host (little-endian) order. */
const ipv4 = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((byte) => parseInt(byte, 16))
    .reverse()
    .join('.');

/** The IPv6 addresses that matter here; anything else keeps its hex form. */
const ipv6 = (hex: string) =>
  /^0+$/.test(hex) ? '::' : hex === '00000000000000000000000001000000' ? '::1' : hex;

/**
 * The local addresses on which some process listens on TCP `port`, from /proc/net/tcp and tcp6
 * (state 0A is LISTEN): ['127.0.0.1'] for loopback only, '0.0.0.0' or '::' for every interface.
 */
export function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', ipv4],
    ['/proc/net/tcp6', ipv6],
  ] as const) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = local?.split(':') ?? [];
      if (state === '0A' && address && parseInt(hexPort ?? '', 16) === port)
        found.push(decode(address));
    }
  }
  return found;
}
