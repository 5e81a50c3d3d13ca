import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { columns } from '@vitrina/test-support/columns';
import { describe, expect, it } from 'vitest';
import { call } from './harness.ts';
import { useComercialWorkspace } from './comercial-workspace.ts';

/** Row-level-security roles declared over REST on pushed and imported datasets (decision 0170). */
const { service, token, groupId, rest } = useComercialWorkspace();

const countryRole = {
  name: 'Pais',
  filters: [
    {
      table: 'Tiendas',
      column: 'Pais',
      operator: 'InUsernameMapping',
      mapping: { 'ana@tiendas.demo': ['Perú'], 'luis@tiendas.demo': ['Ecuador', 'Chile'] },
    },
  ],
};

const pushedSales = {
  name: 'Ventas con seguridad',
  tables: [
    {
      name: 'Ventas',
      columns: columns({ Tienda: 'Int64', Importe: 'Double' }),
    },
    {
      name: 'Tiendas',
      columns: columns({ Id: 'Int64', Pais: 'String' }),
    },
  ],
  relationships: [
    { name: 'r', fromTable: 'Ventas', fromColumn: 'Tienda', toTable: 'Tiendas', toColumn: 'Id' },
  ],
};

const salesByCountry = {
  groupBy: [{ table: 'Tiendas', column: 'Pais' }],
  measures: [{ table: 'Ventas', column: 'Importe', aggregation: 'Sum' }],
  orderBy: [{ field: { table: 'Tiendas', column: 'Pais' }, direction: 1 }],
};

function generateToken(datasetId: string, identity?: { username: string; roles: string[] }) {
  return call(service().url, '/v1.0/myorg/GenerateToken', {
    token: token(),
    body: {
      datasets: [{ id: datasetId }],
      ...(identity ? { identities: [{ ...identity, datasets: [datasetId] }] } : {}),
    },
  });
}

function frameQuery(datasetId: string, embedToken: string, query: unknown = salesByCountry) {
  return call(service().url, `/v1.0/embed/datasets/${datasetId}/query`, {
    token: embedToken,
    scheme: 'EmbedToken',
    body: query,
  });
}

/** The rows the identity's frame query answers, through GenerateToken as a host would. */
async function rowsSeenBy(datasetId: string, username: string, roles = ['Pais']) {
  const generated = await generateToken(datasetId, { username, roles });
  expect(generated.status).toBe(200);
  const answered = await frameQuery(datasetId, String(generated.json['token']));
  expect(answered.status).toBe(200);
  return answered.json['rows'];
}

async function pushSales(body: unknown = { ...pushedSales, roles: [countryRole] }) {
  const created = await rest('/datasets', { body });
  expect(created.status).toBe(201);
  const id = String(created.json['id']);
  const stores = [
    { Id: 1, Pais: 'Perú' },
    { Id: 2, Pais: 'Ecuador' },
    { Id: 3, Pais: 'Chile' },
  ];
  const sales = [
    { Tienda: 1, Importe: 10 },
    { Tienda: 2, Importe: 20 },
    { Tienda: 3, Importe: 30 },
  ];
  expect(
    (await rest(`/datasets/${id}/tables/Tiendas/rows`, { body: { rows: stores } })).status,
  ).toBe(200);
  expect((await rest(`/datasets/${id}/tables/Ventas/rows`, { body: { rows: sales } })).status).toBe(
    200,
  );
  return id;
}

async function importCsv(name: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv]), 'ventas.csv');
  const started = await fetch(
    `${service().url}/v1.0/myorg/groups/${groupId()}/imports?datasetDisplayName=${encodeURIComponent(name)}&nameConflict=CreateOrOverwrite`,
    { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: form },
  );
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const polled = await rest(`/imports/${id}`);
  expect(polled.json['importState']).toBe('Succeeded');
  return (polled.json['datasets'] as { id: string }[])[0]!.id;
}

const errorOf = (response: { status: number; json: Record<string, unknown> }) => ({
  status: response.status,
  ...(response.json['error'] as { code: string; message: string }),
});

describe('roles of a pushed dataset', () => {
  it('reads back the roles of the push body, and each identity sees only its rows', async () => {
    const id = await pushSales();
    expect((await rest(`/datasets/${id}/roles`)).json).toEqual({ value: [countryRole] });
    expect((await rest(`/datasets/${id}`)).json).toMatchObject({
      isEffectiveIdentityRequired: true,
      isEffectiveIdentityRolesRequired: true,
    });
    expect(await rowsSeenBy(id, 'ana@tiendas.demo')).toEqual([['Perú', 10]]);
    expect(await rowsSeenBy(id, 'LUIS@tiendas.demo')).toEqual([
      ['Chile', 30],
      ['Ecuador', 20],
    ]);
    expect(await rowsSeenBy(id, 'nadie@tiendas.demo')).toEqual([]);

    // A changed mapping applies at once: no answer cached under the old roles is served.
    const moved = { ...countryRole.filters[0], mapping: { 'ana@tiendas.demo': ['Chile'] } };
    const changed = { value: [{ ...countryRole, filters: [moved] }] };
    expect((await rest(`/datasets/${id}/roles`, { method: 'PUT', body: changed })).status).toBe(
      200,
    );
    expect(await rowsSeenBy(id, 'ana@tiendas.demo')).toEqual([['Chile', 30]]);
  });

  it('refuses a token without identity, as for the demo datasets with roles', async () => {
    const id = await pushSales();
    expect(errorOf(await generateToken(id))).toEqual({
      status: 400,
      code: 'InvalidRequest',
      message: `Creating an embed token for dataset ${id} requires an effective identity to be provided`,
    });
    expect(
      errorOf(await generateToken(id, { username: 'ana@tiendas.demo', roles: ['Otro'] })),
    ).toMatchObject({ status: 400, message: `Dataset ${id} has no role named Otro` });
  });

  it('applies roles set later, even to a token minted before them, which is then refused', async () => {
    const id = await pushSales(pushedSales);
    const open = await generateToken(id);
    expect(open.status).toBe(200);
    const openToken = String(open.json['token']);
    expect((await frameQuery(id, openToken)).json['rows']).toHaveLength(3);

    const set = await rest(`/datasets/${id}/roles`, {
      method: 'PUT',
      body: { value: [countryRole] },
    });
    expect(set.json).toEqual({ value: [countryRole] });
    expect(errorOf(await frameQuery(id, openToken))).toEqual({
      status: 403,
      code: 'PowerBINotAuthorizedException',
      message: `Dataset ${id} requires an effective identity`,
    });
    expect(await rowsSeenBy(id, 'ana@tiendas.demo')).toEqual([['Perú', 10]]);

    // An empty list removes row-level security: tokens without identity work again.
    expect(
      (await rest(`/datasets/${id}/roles`, { method: 'PUT', body: { value: [] } })).json,
    ).toEqual({ value: [] });
    expect((await generateToken(id)).status).toBe(200);
    expect(
      errorOf(await generateToken(id, { username: 'ana@tiendas.demo', roles: ['Pais'] })),
    ).toMatchObject({ status: 400, code: 'InvalidRequest' });
  });
});

describe('roles of an imported dataset', () => {
  const csv = 'Vendedor,Importe\nana@tiendas.demo,5\nluis@tiendas.demo,7\nana@tiendas.demo,1\n';
  const ownRows = {
    name: 'Propias',
    filters: [{ table: 'Ventas propias', column: 'Vendedor', operator: 'EqualsUsername' }],
  };
  const byVendor = {
    groupBy: [{ table: 'Ventas propias', column: 'Vendedor' }],
    measures: [{ table: 'Ventas propias', column: 'Importe', aggregation: 'Sum' }],
  };

  it('filters by the username, and keeps the role when the file is imported again', async () => {
    const id = await importCsv('Ventas propias', csv);
    const set = await rest(`/datasets/${id}/roles`, { method: 'PUT', body: { value: [ownRows] } });
    expect(set.status).toBe(200);
    const generated = await generateToken(id, { username: 'ana@tiendas.demo', roles: ['Propias'] });
    const seen = await frameQuery(id, String(generated.json['token']), byVendor);
    expect(seen.json['rows']).toEqual([['ana@tiendas.demo', 6]]);

    expect(await importCsv('Ventas propias', `${csv}luis@tiendas.demo,2\n`)).toBe(id);
    expect((await rest(`/datasets/${id}/roles`)).json).toEqual({ value: [ownRows] });
    expect((await generateToken(id)).status).toBe(400);
    const again = await generateToken(id, { username: 'luis@tiendas.demo', roles: ['Propias'] });
    const luis = await frameQuery(id, String(again.json['token']), byVendor);
    expect(luis.json['rows']).toEqual([['luis@tiendas.demo', 9]]);

    // A file without the filtered column leaves the role nothing to filter on: no rows, ever.
    expect(await importCsv('Ventas propias', 'Cliente,Importe\nana@tiendas.demo,5\n')).toBe(id);
    const stale = await generateToken(id, { username: 'ana@tiendas.demo', roles: ['Propias'] });
    const refused = await frameQuery(id, String(stale.json['token']), {
      measures: [{ table: 'Ventas propias', column: 'Importe', aggregation: 'Sum' }],
    });
    expect(errorOf(refused)).toEqual({
      status: 400,
      code: 'InvalidRequest',
      message: 'Unknown column: Ventas propias[Vendedor]',
    });
  });
});

describe('bad role definitions', () => {
  const filter = (changes: Record<string, unknown>) => ({
    value: [{ name: 'Pais', filters: [{ ...countryRole.filters[0], ...changes }] }],
  });

  it.each([
    [filter({ table: 'Clientes' }), 'Role Pais: Unknown table Clientes'],
    [filter({ column: 'Ciudad' }), 'Role Pais: Unknown column Ciudad in table Tiendas'],
    [
      filter({ column: 'Id', operator: 'In', values: ['uno'] }),
      'Role Pais: value "uno" does not fit column Id in table Tiendas',
    ],
    [
      filter({ column: 'Id', operator: 'EqualsUsername' }),
      'Role Pais: EqualsUsername compares a username, and column Id in table Tiendas is numeric',
    ],
    [{ value: [countryRole, { ...countryRole, name: 'PAIS' }] }, 'Duplicate role name PAIS'],
  ])('refuses %j with a Power BI InvalidRequest', async (body, message) => {
    const id = await pushSales(pushedSales);
    const response = await rest(`/datasets/${id}/roles`, { method: 'PUT', body });
    expect(errorOf(response)).toEqual({ status: 400, code: 'InvalidRequest', message });
    expect((await rest(`/datasets/${id}/roles`)).json).toEqual({ value: [] });
  });

  it('refuses a filter without operator, naming the field, and a push body with a bad role', async () => {
    const id = await pushSales(pushedSales);
    const shapeless = await rest(`/datasets/${id}/roles`, {
      method: 'PUT',
      body: { value: [{ name: 'Pais', filters: [{ table: 'Tiendas', column: 'Pais' }] }] },
    });
    expect(errorOf(shapeless)).toMatchObject({ status: 400, code: 'InvalidRequest' });
    expect(errorOf(shapeless).message).toContain('value/0/filters/0');

    const pushed = await rest('/datasets', {
      body: { ...pushedSales, roles: [filter({ table: 'Clientes' }).value[0]] },
    });
    expect(errorOf(pushed)).toEqual({
      status: 400,
      code: 'InvalidRequest',
      message: 'Role Pais: Unknown table Clientes',
    });
  });

  it('refuses a table change that drops a column a role filters on', async () => {
    const id = await pushSales();
    const response = await rest(`/datasets/${id}/tables/Tiendas`, {
      method: 'PUT',
      body: { name: 'Tiendas', columns: [{ name: 'Id', dataType: 'Int64' }] },
    });
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 'InvalidRequest',
      message: 'Role Pais: Unknown column Pais in table Tiendas',
    });
  });

  it('answers 404 for a dataset the workspace does not have', async () => {
    expect(
      errorOf(await rest('/datasets/00000000-0000-4000-8000-000000000000/roles')),
    ).toMatchObject({ status: 404, code: 'PowerBIEntityNotFound' });
  });
});

// The CLI is a separate Node process (a couple of seconds to start here).
describe('npm run bi -- dataset roles', { timeout: 60_000 }, () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [resolve(import.meta.dirname, '../src/cli/bi.ts'), 'dataset', 'roles', 'Comercial', ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: service().dataRoot,
          BI_PORT: String(service().running.port),
        },
      },
    );

  it('sets roles from a file, prints them, and clears them', async () => {
    const name = `Ventas CLI ${Math.random()}`;
    const id = await pushSales({ ...pushedSales, name });
    const file = join(service().dataRoot, 'roles.json');
    writeFileSync(file, JSON.stringify([countryRole]));
    expect(JSON.parse((await cli(name, '--file', file)).stdout)).toEqual([countryRole]);
    expect(JSON.parse((await cli(name)).stdout)).toEqual([countryRole]);
    expect(await rowsSeenBy(id, 'ana@tiendas.demo')).toEqual([['Perú', 10]]);
    expect(JSON.parse((await cli(id, '--clear')).stdout)).toEqual([]);
    expect((await generateToken(id)).status).toBe(200);
  });

  it('prints the BI service refusal of a bad role in Spanish', async () => {
    const name = `Ventas CLI ${Math.random()}`;
    await pushSales({ ...pushedSales, name });
    const file = join(service().dataRoot, 'malos.json');
    writeFileSync(
      file,
      JSON.stringify({
        value: [{ ...countryRole, filters: [{ ...countryRole.filters[0], table: 'X' }] }],
      }),
    );
    await expect(cli(name, '--file', file)).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'El servicio BI rechazó la operación: Role Pais: Unknown table X',
      ) as unknown,
    });
  });
});
