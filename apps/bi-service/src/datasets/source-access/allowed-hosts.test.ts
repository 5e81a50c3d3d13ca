import { describe, expect, test } from 'vitest';
import { allowedHostProblem, parseAllowedHosts } from './allowed-hosts.ts';

// Literal addresses only: nothing here connects anywhere.
describe('BI_SOURCE_ALLOWED_HOSTS', () => {
  const allowed = parseAllowedHosts(['db.interna', '10.20.0.0/16', '192.168.5.7', 'fd00::/8']);

  test('an exact host name allows whatever it resolves to, and only that name', () => {
    expect(allowed.allows('db.interna', '10.99.0.1')).toBe(true);
    expect(allowed.allows('DB.Interna.', '127.0.0.1')).toBe(true);
    expect(allowed.allows('otra.db.interna', '10.99.0.1')).toBe(false);
  });

  test('a CIDR range or an address allows the addresses in it, whatever the name', () => {
    expect(allowed.allows('cualquiera', '10.20.3.4')).toBe(true);
    expect(allowed.allows('cualquiera', '::ffff:10.20.3.4')).toBe(true);
    expect(allowed.allows('cualquiera', '10.21.0.1')).toBe(false);
    expect(allowed.allows('cualquiera', '192.168.5.7')).toBe(true);
    expect(allowed.allows('cualquiera', '192.168.5.8')).toBe(false);
    expect(allowed.allows('cualquiera', 'fd12::1')).toBe(true);
    expect(allowed.allows('cualquiera', 'fc00::1')).toBe(false);
  });

  test('an empty list allows nothing', () => {
    expect(parseAllowedHosts([]).allows('localhost', '127.0.0.1')).toBe(false);
  });

  test.each(['db.interna', '127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '[::1]', 'pg_1.local'])(
    '%s is a valid entry',
    (entry) => expect(allowedHostProblem(entry)).toBeUndefined(),
  );

  test.each(['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', 'db/8', 'no es host', '-db', '::1/129'])(
    '%s is refused',
    (entry) => expect(allowedHostProblem(entry)).toBeDefined(),
  );
});
