import { describe, expect, test } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.ts';
import { readConnectionString } from './connection-string.ts';
import {
  checkedAddress,
  SourceRefused,
  systemResolver,
  type Resolver,
  type SourcePolicy,
} from './source-policy.ts';

/** Made-up names; the policy is judged without connecting anywhere. */
const names: Record<string, string[]> = {
  'publico.example': ['203.0.113.10'],
  'interno.example': ['10.1.2.3'],
  'metadatos.example': ['169.254.169.254'],
  'mezclado.example': ['203.0.113.10', '127.0.0.1'],
  'localhost.example': ['127.0.0.1'],
  'portal-db.example': ['203.0.113.20'],
};
const resolve: Resolver = async (host) => names[host] ?? [];

const policy = (overrides: Partial<SourcePolicy> = {}): SourcePolicy => ({
  allowLoopback: false,
  allowedHosts: parseAllowedHosts([]),
  portalDatabase: undefined,
  resolve,
  ...overrides,
});
const addressFor = (text: string, using = policy()) =>
  checkedAddress(using, readConnectionString(text));

describe('checkedAddress in production', () => {
  test('a public host passes, as the address it resolved to', async () => {
    await expect(addressFor('postgres://u@publico.example/db')).resolves.toBe('203.0.113.10');
    await expect(addressFor('postgres://u@203.0.113.9/db')).resolves.toBe('203.0.113.9');
  });

  test.each([
    'postgres://u@/db?host=/var/run/postgresql',
    'postgres://u@%2Ftmp/db',
    'postgres:///db',
    'postgres://u@127.0.0.1/db',
    'postgres://u@[::1]/db',
    'postgres://u@[::ffff:127.0.0.1]/db',
    'postgres://u@localhost/db',
    'postgres://u@db.localhost/db',
    'postgres://u@0.0.0.0/db',
    'postgres://u@10.0.0.5/db',
    'postgres://u@172.20.1.1/db',
    'postgres://u@192.168.1.10/db',
    'postgres://u@100.64.1.1/db',
    'postgres://u@169.254.169.254/db',
    'postgres://u@[fe80::1]/db',
    'postgres://u@[fd00::1]/db',
    'postgres://u@interno.example/db',
    'postgres://u@metadatos.example/db',
    'postgres://u@no-resuelve.example/db',
  ])('refuses %s', async (text) => {
    await expect(addressFor(text)).rejects.toBeInstanceOf(SourceRefused);
  });

  test('a name is judged by every address it resolves to (DNS rebinding)', async () => {
    await expect(addressFor('postgres://u@localhost.example/db')).rejects.toThrow(/loopback/);
    await expect(addressFor('postgres://u@mezclado.example/db')).rejects.toThrow(/loopback/);
  });

  test("the system resolver's numeric spellings of loopback are judged as loopback", async () => {
    // getaddrinfo reads these without asking any DNS server.
    const system = policy({ resolve: systemResolver });
    for (const host of ['127.1', '0x7f000001', '2130706433', 'localhost'])
      await expect(addressFor(`postgres://u@${host}/db`, system)).rejects.toThrow(/loopback/);
  });

  test('several hosts must all pass', async () => {
    await expect(
      addressFor('postgres://u@x/db?host=publico.example,interno.example'),
    ).rejects.toBeInstanceOf(SourceRefused);
  });

  test('the allow-list opens names, addresses and ranges, never sockets', async () => {
    const allowing = policy({
      allowedHosts: parseAllowedHosts(['interno.example', '127.0.0.0/8', '/var/run/postgresql']),
    });
    await expect(addressFor('postgres://u@interno.example/db', allowing)).resolves.toBe('10.1.2.3');
    await expect(addressFor('postgres://u@localhost.example/db', allowing)).resolves.toBe(
      '127.0.0.1',
    );
    await expect(addressFor('postgres://u@10.1.2.4/db', allowing)).rejects.toThrow(/private/);
    await expect(addressFor('postgres://u@/db?host=/var/run/postgresql', allowing)).rejects.toThrow(
      /Unix socket/,
    );
  });
});

describe('checkedAddress in the npm start trial', () => {
  const trial = policy({ allowLoopback: true });

  test('loopback TCP passes, private ranges and sockets do not', async () => {
    await expect(addressFor('postgres://u@localhost.example/db', trial)).resolves.toBe('127.0.0.1');
    await expect(addressFor('postgres://u@127.0.0.1/db', trial)).resolves.toBe('127.0.0.1');
    await expect(addressFor('postgres://u@interno.example/db', trial)).rejects.toThrow(/private/);
    await expect(addressFor('postgres://u@/db?host=/tmp', trial)).rejects.toThrow(/Unix socket/);
  });
});

describe("the portal's own database", () => {
  const onSocket = readConnectionString('postgres://vitrina@/vitrina?host=/var/run/postgresql');
  const onLoopback = readConnectionString('postgres://vitrina:x@127.0.0.1:5432/vitrina');
  const elsewhere = readConnectionString('postgres://vitrina:x@portal-db.example/Vitrina');
  const allowingAll = parseAllowedHosts(['0.0.0.0/0', '::/0']);

  test('is refused by name on the same server, whatever the port or the allow-list', async () => {
    for (const portalDatabase of [onSocket, onLoopback]) {
      const using = policy({ allowLoopback: true, allowedHosts: allowingAll, portalDatabase });
      await expect(addressFor('postgres://u@127.0.0.1:5433/vitrina', using)).rejects.toThrow(
        /portal's database/,
      );
      await expect(addressFor('postgres://u@localhost.example/VITRINA', using)).rejects.toThrow(
        /portal's database/,
      );
      await expect(addressFor('postgres://vitrina@127.0.0.1/', using)).rejects.toThrow(
        /portal's database/,
      );
      await expect(addressFor('postgres://u@127.0.0.1/ventas', using)).resolves.toBe('127.0.0.1');
    }
    const remote = policy({ allowedHosts: allowingAll, portalDatabase: elsewhere });
    await expect(addressFor('postgres://u@203.0.113.20/vitrina', remote)).rejects.toThrow(
      /portal's database/,
    );
    await expect(addressFor('postgres://u@publico.example/vitrina', remote)).resolves.toBe(
      '203.0.113.10',
    );
  });
});
