import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { columns } from '@vitrina/test-support/columns';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import type { EmbedTokenClaims } from '../src/modules/identity/embed-token.ts';

const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-owned-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

const open = () => createServices(loadConfig({ DATA_DIR: dataRoot, VITRINA_DEMO: 'false' }));

it('opens the datasets filled at run time again after a restart, data and version intact', async () => {
  const first = open();
  const workspaceId = await first.catalog.ensureWorkspace('Propio');
  const member = { workspace: { id: workspaceId }, role: 'Admin' as const };
  const { id } = await first.pushDatasets.createPush(
    member,
    {
      name: 'Lecturas',
      tables: [
        {
          name: 'Lecturas',
          columns: columns({ Sensor: 'String', Valor: 'Double' }),
        },
      ],
    },
    'basicFIFO',
  );
  const rows = [
    { Sensor: 'a', Valor: 1 },
    { Sensor: 'a', Valor: 2 },
    { Sensor: 'b', Valor: 5 },
  ];
  await first.pushDatasets.addRows(member, id, 'Lecturas', rows);
  await first.close();

  const second = open();
  try {
    await second.pushDatasets.openStored();
    expect(second.queries.version(id)).toBe(2);
    // The claims the embed API would have verified from a token generated for the dataset.
    const claims: EmbedTokenClaims = {
      sub: 'test',
      ver: 1,
      jti: 'after-restart',
      iat: 0,
      reports: [],
      datasets: [id],
      dashboards: [],
      tiles: [],
      workspaces: [],
      accessLevel: 'View',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const result = await second.queries.query(claims, id, {
      groupBy: [{ table: 'Lecturas', column: 'Sensor' }],
      measures: [{ table: 'Lecturas', column: 'Valor', aggregation: 'Sum' }],
      filters: [],
      orderBy: [{ field: { table: 'Lecturas', column: 'Sensor' }, direction: 1 }],
    });
    expect(result.rows).toEqual([
      ['a', 3],
      ['b', 5],
    ]);
    // basicFIFO survived too: the dataset still takes rows under its retention.
    await second.pushDatasets.addRows(member, id, 'Lecturas', [{ Sensor: 'c', Valor: 1 }]);
    expect(second.queries.version(id)).toBe(3);
  } finally {
    await second.close();
  }
});
