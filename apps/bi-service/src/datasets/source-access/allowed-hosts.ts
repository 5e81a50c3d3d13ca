/**
 * `BI_SOURCE_ALLOWED_HOSTS`: the hosts a PostgreSQL source may reach although they are loopback,
 * link-local or private (decision 0222). Entries are exact host names (as the connection string
 * writes them, any case), IP addresses or CIDR ranges (matched against the resolved address).
 */
import { BlockList, isIP } from 'node:net';

export interface AllowedHosts {
  /** Whether the connection string's host `name`, which resolved to `address`, is allowed. */
  allows(name: string, address: string): boolean;
}

/** A DNS name: labels of letters, digits, hyphens and underscores, dot-separated. */
const hostName =
  /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

const withoutBrackets = (text: string) => text.replace(/^\[(.*)\]$/, '$1');
const normalName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Why `entry` is not a valid allow-list entry, or undefined when it is. */
export function allowedHostProblem(entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(withoutBrackets(address));
  if (prefix === undefined)
    return family !== 0 || hostName.test(entry) ? undefined : `"${entry}" is not a host name`;
  const bits = Number(prefix);
  const limit = family === 6 ? 128 : 32;
  if (family === 0 || extra !== undefined || !/^\d{1,3}$/.test(prefix) || bits > limit)
    return `"${entry}" is not a CIDR range`;
  return undefined;
}

/** The allow-list of `entries` (each already checked by `allowedHostProblem`). */
export function parseAllowedHosts(entries: readonly string[]): AllowedHosts {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const bare = withoutBrackets(address);
    const family = isIP(bare);
    if (family === 0) {
      names.add(normalName(entry));
      continue;
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    ranges.addSubnet(bare, prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix), type);
  }
  return {
    allows(name, address) {
      if (names.has(normalName(withoutBrackets(name)))) return true;
      const bare = address.replace(/%.*$/, '');
      return ranges.check(bare, isIP(bare) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
