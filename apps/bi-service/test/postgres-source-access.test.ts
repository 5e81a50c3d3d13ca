/**
 * What a PostgreSQL source may reach (decision 0222), against the machine's PostgreSQL: only
 * loopback and Unix-socket targets are ever connected to; private and link-local ranges are judged
 * on literal addresses in src/datasets/source-access/*.test.ts, and names resolve through a
 * stand-in resolver here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useComercialWorkspace } from './comercial-workspace.ts';
import {
  adminUrl,
  createTestDatabase,
  postgresAvailable,
  runSql,
  urlAs,
  type TestDatabase,
} from './postgres-test-database.ts';

const available = await postgresAvailable();

const unreachable = {
  code: 'DataSourceUnreachable',
  message:
    'No se pudo conectar con el origen PostgreSQL: compruebe el servidor, el puerto, la base de ' +
    'datos y las credenciales, y que el servidor esté permitido para orígenes de datos.',
};
const roleRefused = {
  code: 'DataSourceRoleNotAllowed',
  message: expect.stringMatching(/^El rol del origen PostgreSQL puede leer archivos/),
};

/** Log lines of one service (message and the error's own words), to show the details stay there. */
function collectingLog() {
  const lines: string[] = [];
  return {
    text: () => lines.join('\n'),
    log: (details: Record<string, unknown>, message: string) => {
      const error = details['err'];
      lines.push(`${message}: ${error instanceof Error ? error.message : JSON.stringify(details)}`);
    },
  };
}

describe.skipIf(!available)('PostgreSQL sources cannot reach the host', () => {
  let source: TestDatabase;
  /** Plays the portal's own database (DATABASE_URL) for the services below. */
  let portal: TestDatabase;
  /** Roles with the server's powers, created for these tests and dropped after them. */
  const powerful = {
    fileReader: `vitrina_archivos_${process.pid}_${Date.now()}`,
    granted: `vitrina_concedido_${process.pid}_${Date.now()}`,
  };
  beforeAll(async () => {
    [source, portal] = await Promise.all([
      createTestDatabase('vitrina_fuente'),
      createTestDatabase('vitrina_portal'),
    ]);
    await runSql(
      source.ownerUrl,
      `CREATE TABLE tienda.tiendas (id int, ciudad text);
       INSERT INTO tienda.tiendas VALUES (1, 'Lima'), (2, 'Quito');
       CREATE TABLE tienda.notas (n int);
       GRANT INSERT ON tienda.notas TO ${source.reader};
       CREATE FUNCTION tienda.anota() RETURNS int LANGUAGE sql AS 'INSERT INTO tienda.notas VALUES (1) RETURNING n';`,
    );
    await runSql(
      portal.ownerUrl,
      `CREATE TABLE tienda.users (login text, password_hash text);
       INSERT INTO tienda.users VALUES ('admin', '$argon2id$secreto');`,
    );
    await runSql(
      adminUrl,
      `CREATE ROLE ${powerful.fileReader} LOGIN IN ROLE pg_read_server_files;
       CREATE ROLE ${powerful.granted} LOGIN;`,
    );
    await runSql(
      source.ownerUrl,
      `GRANT USAGE ON SCHEMA tienda TO ${powerful.fileReader}, ${powerful.granted};
       GRANT SELECT ON ALL TABLES IN SCHEMA tienda TO ${powerful.fileReader}, ${powerful.granted};
       GRANT EXECUTE ON FUNCTION pg_read_file(text) TO ${powerful.granted};`,
    );
  });
  afterAll(async () => {
    await Promise.all([source.drop(), portal.drop()]);
    await runSql(adminUrl, `DROP ROLE ${powerful.fileReader}; DROP ROLE ${powerful.granted};`);
  });

  const stores = { tables: ['tienda.tiendas'], queries: [] };
  const socketTo = (database: string) =>
    `postgresql://postgres@/${database}?host=/var/run/postgresql`;
  /** A source on `url` copying `what`; answers the REST call's status and body. */
  const connect =
    (rest: ReturnType<typeof useComercialWorkspace>['rest']) =>
    async (url: string, what: object = stores) => {
      const answer = await rest('/datasets/postgresql', {
        body: { name: `Fuente ${Math.random()}`, connectionString: url, ...what },
      });
      return { status: answer.status, error: answer.json['error'], id: answer.json['id'] };
    };

  describe('in production', () => {
    const { text, log } = collectingLog();
    const { rest } = useComercialWorkspace(
      { NODE_ENV: 'production', DATABASE_URL: urlAs('vitrina', 'portal_no_usado') },
      { sourceLog: log },
    );
    const connectSource = connect(rest);

    it('refuses a Unix socket, loopback and localhost with one short Spanish sentence', async () => {
      for (const url of [
        socketTo(source.name),
        source.readerUrl,
        source.readerUrl.replace('127.0.0.1', 'localhost'),
        source.readerUrl.replace('127.0.0.1', '[::ffff:127.0.0.1]'),
      ]) {
        expect(await connectSource(url)).toEqual({
          status: 400,
          error: unreachable,
          id: undefined,
        });
      }
      expect(text()).toMatch(/PostgreSQL source not reached: .*Unix socket/);
      expect(text()).toMatch(
        /PostgreSQL source not reached: localhost \(127\.0\.0\.1\) is loopback/,
      );
    });
  });

  describe('in production, with loopback on BI_SOURCE_ALLOWED_HOSTS', () => {
    const answers = new Map([['fuente.test', ['127.0.0.1']]]);
    const { rest, frameQueryRows } = useComercialWorkspace(
      {
        NODE_ENV: 'production',
        BI_SOURCE_ALLOWED_HOSTS: '127.0.0.0/8',
        get DATABASE_URL() {
          return portal.ownerUrl;
        },
      },
      { sourceResolver: async (host) => answers.get(host) ?? [], sourceLog: () => undefined },
    );
    const connectSource = connect(rest);

    it('reads an allowed host, by the address the resolver gave', async () => {
      // pg could not resolve fuente.test itself: the connection went to the checked address.
      const created = await connectSource(source.readerUrl.replace('127.0.0.1', 'fuente.test'));
      expect(created.status).toBe(201);
      const rows = await frameQueryRows(String(created.id), {
        groupBy: [{ table: 'tiendas', column: 'ciudad' }],
        measures: [{ table: 'tiendas', column: 'id', aggregation: 'Count' }],
      });
      expect(rows).toHaveLength(2);
    });

    it("still refuses the portal's own database", async () => {
      for (const url of [portal.readerUrl, portal.ownerUrl, socketTo(portal.name)])
        expect((await connectSource(url)).error).toEqual(unreachable);
    });

    it('checks again on every refresh: a name that now resolves elsewhere is refused', async () => {
      const created = await connectSource(source.readerUrl.replace('127.0.0.1', 'fuente.test'));
      expect(created.status).toBe(201);
      answers.set('fuente.test', ['10.20.30.40']);
      try {
        expect((await rest(`/datasets/${created.id}/refreshes`, { body: {} })).status).toBe(202);
      } finally {
        answers.set('fuente.test', ['127.0.0.1']);
      }
      const [latest] = (await rest(`/datasets/${created.id}/refreshes`)).json['value'] as {
        status: string;
        serviceExceptionJson: string;
      }[];
      expect(latest!.status).toBe('Failed');
      expect(JSON.parse(latest!.serviceExceptionJson)).toEqual({
        errorCode: 'ModelRefreshFailed',
        errorDescription: unreachable.message,
      });
    });
  });

  describe('in the npm start trial', () => {
    const { text, log } = collectingLog();
    const { rest, frameQueryRows } = useComercialWorkspace(
      {
        NODE_ENV: 'development',
        BI_SOURCE_STATEMENT_TIMEOUT_S: '1',
        get DATABASE_URL() {
          return socketTo(portal.name);
        },
      },
      { sourceLog: log },
    );
    const connectSource = connect(rest);
    const copyQuery = (sql: string) => ({ queries: [{ name: 'q', sql }] });

    it('reads loopback TCP with a reader role, read-only and with a statement time-out', async () => {
      const created = await connectSource(
        source.readerUrl,
        copyQuery(
          `SELECT current_setting('transaction_read_only') AS solo_lectura,
                  current_setting('statement_timeout') AS limite`,
        ),
      );
      expect(created.status).toBe(201);
      const rows = await frameQueryRows(String(created.id), {
        groupBy: [
          { table: 'q', column: 'solo_lectura' },
          { table: 'q', column: 'limite' },
        ],
        measures: [],
      });
      expect(rows).toEqual([['on', '1s']]);
    });

    it("refuses a Unix socket and the portal's own database", async () => {
      for (const url of [
        socketTo(source.name),
        portal.readerUrl,
        portal.readerUrl.replace('127.0.0.1', 'localhost'),
      ])
        expect((await connectSource(url)).error).toEqual(unreachable);
    });

    it('answers a closed port as it answers a refused socket, and logs the difference', async () => {
      const closed = await connectSource(urlAs(source.reader, source.name).replace(':5432', ':1'));
      const socket = await connectSource(socketTo(source.name));
      expect(closed).toEqual(socket);
      expect(closed.error).toEqual(unreachable);
      expect(text()).toContain('ECONNREFUSED 127.0.0.1:1');
      expect(text()).toContain('Unix socket');
    });

    it('refuses a superuser, a member of pg_read_server_files and a role granted pg_read_file', async () => {
      for (const user of ['postgres', powerful.fileReader, powerful.granted])
        expect((await connectSource(urlAs(user, source.name))).error).toEqual(roleRefused);
    });

    it("lets a reader role read neither the server's files nor write", async () => {
      const fileRead = await connectSource(
        source.readerUrl,
        copyQuery(`SELECT pg_read_file('/etc/hostname') AS f`),
      );
      expect(fileRead.error).toEqual({
        code: 'DataSourceQueryFailed',
        message: expect.stringContaining('permission denied for function pg_read_file'),
      });
      const write = await connectSource(source.readerUrl, copyQuery('SELECT tienda.anota() AS n'));
      expect(write.error).toEqual({
        code: 'DataSourceQueryFailed',
        message: expect.stringContaining('read-only transaction'),
      });
      const notes = await runSql(source.ownerUrl, 'SELECT count(*)::int AS n FROM tienda.notas');
      expect(notes.rows).toEqual([{ n: 0 }]);
    });

    it('keeps the statement time-out although a query turns it off for the next one', async () => {
      const slow = await connectSource(source.readerUrl, {
        queries: [
          { name: 'apaga', sql: `SELECT set_config('statement_timeout', '0', false) AS v` },
          { name: 'lenta', sql: 'SELECT pg_sleep(3) AS s' },
        ],
      });
      expect(slow.error).toEqual({
        code: 'DataSourceQueryFailed',
        message: expect.stringContaining('statement timeout'),
      });
    });
  });
});
