/**
 * Which address a PostgreSQL source may connect to (decision 0222). The host is resolved here, at
 * connect time, every address it resolves to is judged, and the caller connects to the judged
 * address itself, so a second resolution (DNS rebinding) cannot swap it.
 */
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { addressKind } from './address-kind.ts';
import type { AllowedHosts } from './allowed-hosts.ts';
import type { ConnectionTarget } from './connection-string.ts';

/** Every address a host name resolves to (`dns.lookup` with `all`, or a stand-in in tests). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, order: 'verbatim' })).map((entry) => entry.address);

export interface SourcePolicy {
  /** The `npm start` trial (run mode development or test): loopback TCP is allowed. */
  allowLoopback: boolean;
  allowedHosts: AllowedHosts;
  /** The portal's database when `DATABASE_URL` is PostgreSQL: never a source. */
  portalDatabase: Pick<ConnectionTarget, 'hosts' | 'database'> | undefined;
  resolve: Resolver;
}

/** Why a source was refused: for the log only, never for the caller. */
export class SourceRefused extends Error {
  override name = 'SourceRefused';
}

const isLocalName = (host: string) => /^localhost\.?$|\.localhost\.?$/i.test(host);
const isSocket = (host: string) => host === '' || host.startsWith('/');

async function addressesOf(host: string, resolve: Resolver): Promise<string[]> {
  if (isIP(host)) return [host];
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new SourceRefused(`${host} resolves to no address`);
  return addresses;
}

/** The addresses of this machine: its loopback ranges and the addresses of its interfaces. */
function isThisMachine(address: string): boolean {
  if (addressKind(address) === 'loopback') return true;
  const own = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return own.some((entry) => entry.address === address.replace(/^::ffff:/i, ''));
}

/**
 * Whether `address`, with `database`, is the portal's own database: the same database name (any
 * case) on the same server, whatever the port (a pooler reaches it too). The same server is an
 * address the portal's host resolves to, or this machine when the portal's database is on it
 * (a Unix socket, loopback, or one of this machine's addresses).
 */
async function isPortalDatabase(
  policy: SourcePolicy,
  address: string,
  database: string,
): Promise<boolean> {
  const portal = policy.portalDatabase;
  if (!portal || portal.database.toLowerCase() !== database.toLowerCase()) return false;
  const portalHosts = portal.hosts.length === 0 ? [''] : portal.hosts;
  for (const host of portalHosts) {
    if (isSocket(host) || isLocalName(host)) {
      if (isThisMachine(address)) return true;
      continue;
    }
    const portalAddresses = await addressesOf(host, policy.resolve);
    if (portalAddresses.includes(address)) return true;
    if (portalAddresses.some(isThisMachine) && isThisMachine(address)) return true;
  }
  return false;
}

/** Refuses `host` resolved to `address` unless the policy lets a source reach it. */
function judge(policy: SourcePolicy, host: string, address: string): void {
  if (policy.allowedHosts.allows(host, address)) return;
  const kind = isLocalName(host) ? 'loopback' : addressKind(address);
  if (kind === 'public' || (kind === 'loopback' && policy.allowLoopback)) return;
  throw new SourceRefused(`${host} (${address}) is ${kind} and not in BI_SOURCE_ALLOWED_HOSTS`);
}

/**
 * The one address a source connects to, after every check; throws SourceRefused. Unix sockets and
 * the portal's own database are refused whatever the allow-list says.
 */
export async function checkedAddress(
  policy: SourcePolicy,
  target: ConnectionTarget,
): Promise<string> {
  const [host = ''] = target.hosts;
  if (target.hosts.length !== 1 || isSocket(host))
    throw new SourceRefused(`a Unix socket or no host (${target.hosts.join(',') || 'none'})`);
  const addresses = await addressesOf(host, policy.resolve);
  for (const address of addresses) {
    judge(policy, host, address);
    if (await isPortalDatabase(policy, address, target.database))
      throw new SourceRefused(`${host} (${address}) holds the portal's database`);
  }
  return addresses[0]!;
}
