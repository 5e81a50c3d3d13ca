import { describe, expect, test } from 'vitest';
import { PowerBiError } from '../../http/powerbi-error.ts';
import { readConnectionString, sourceTargetOf } from './connection-string.ts';

const refusal = (text: string) => {
  try {
    sourceTargetOf(text);
  } catch (error) {
    return error;
  }
  throw new Error(`accepted: ${text}`);
};

describe('readConnectionString', () => {
  test('reads every part, decoded, with PostgreSQL defaults', () => {
    expect(readConnectionString('postgres://ana:cl%40ve@db.example:6543/ventas')).toMatchObject({
      hosts: ['db.example'],
      port: 6543,
      user: 'ana',
      password: 'cl@ve',
      database: 'ventas',
    });
    expect(readConnectionString('postgresql://ana@[::1]')).toMatchObject({
      hosts: ['::1'],
      port: 5432,
      password: undefined,
      database: 'ana',
    });
  });

  test('host and port parameters win over the URL, as in libpq', () => {
    expect(readConnectionString('postgres://u@a:1/db?host=b&port=2')).toMatchObject({
      hosts: ['b'],
      port: 2,
    });
  });

  test('Unix sockets and missing hosts are read as such', () => {
    expect(
      readConnectionString('postgresql://postgres@/vitrina?host=/var/run/postgresql').hosts,
    ).toEqual(['/var/run/postgresql']);
    expect(readConnectionString('postgres://postgres@%2Fvar%2Frun%2Fpostgresql/x').hosts).toEqual([
      '/var/run/postgresql',
    ]);
    expect(readConnectionString('postgres://postgres@/vitrina').hosts).toEqual([]);
    expect(readConnectionString('postgres:///vitrina').hosts).toEqual([]);
  });

  test('several hosts are all read', () => {
    expect(readConnectionString('postgres://u@x/db?host=a,b').hosts).toEqual(['a', 'b']);
  });
});

describe('sourceTargetOf', () => {
  test.each([
    ['hostaddr', 'postgres://u@db.example/x?hostaddr=127.0.0.1'],
    ['options', 'postgres://u@db.example/x?options=-c%20default_transaction_read_only%3Doff'],
    ['sslrootcert', 'postgres://u@db.example/x?sslrootcert=/etc/shadow'],
    ['sslcert', 'postgres://u@db.example/x?sslcert=/etc/hostname'],
    ['sslkey', 'postgres://u@db.example/x?sslkey=/etc/hostname'],
    ['replication', 'postgres://u@db.example/x?replication=database'],
  ])('refuses the %s option by name', (option, text) => {
    const error = refusal(text);
    expect(error).toBeInstanceOf(PowerBiError);
    expect(error).toMatchObject({ code: 'InvalidRequest', statusCode: 400 });
    expect((error as Error).message).toContain(`la opción ${option} no se admite`);
  });

  test('refuses several hosts, a missing user, a bad port and what is not a URL', () => {
    expect(refusal('postgres://u@x/db?host=a,b')).toMatchObject({
      message: expect.stringContaining('un solo servidor'),
    });
    expect(refusal('postgres://db.example/x')).toMatchObject({
      message: expect.stringContaining('falta el usuario'),
    });
    expect(refusal('postgres://u@db.example:99999/x')).toMatchObject({ code: 'InvalidRequest' });
    expect(refusal('postgres://u@db.example/x?port=0')).toMatchObject({ code: 'InvalidRequest' });
    expect(refusal('postgres://u@db example/x')).toMatchObject({ code: 'InvalidRequest' });
  });

  test('reads TLS from sslmode or ssl, and keeps harmless options', () => {
    expect(sourceTargetOf('postgres://u@db.example/x').sslMode).toBe('disable');
    expect(sourceTargetOf('postgres://u@db.example/x?sslmode=require').sslMode).toBe('require');
    expect(sourceTargetOf('postgres://u@db.example/x?ssl=true').sslMode).toBe('verify-full');
    expect(sourceTargetOf('postgres://u@db.example/x?ssl=no-verify').sslMode).toBe('no-verify');
    expect(refusal('postgres://u@db.example/x?sslmode=maybe')).toMatchObject({
      code: 'InvalidRequest',
    });
    expect(
      sourceTargetOf('postgres://u@db.example/x?application_name=informes').options.get(
        'application_name',
      ),
    ).toBe('informes');
  });
});
