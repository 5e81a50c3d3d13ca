import { describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../src/catalog/catalog.service.ts';
import { loadConfig } from '../src/config.ts';
import { secretMatches } from '../src/tokens/passwords.ts';
import {
  demoServicePrincipal,
  demoUsers,
  demoWorkspaceNames,
} from '../src/seed/demo-identities.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createServices } from '../src/services.ts';
import { fixtureContent, ids } from './fixture-content.ts';

const freshServices = () => createServices(loadConfig({ DATA_DIR: 'unused' }), { inMemory: true });

describe('seedDemo', () => {
  it('creates the demo identities, workspaces, memberships and content', async () => {
    const services = freshServices();
    await seedDemo(services, fixtureContent);
    for (const user of demoUsers) {
      const row = await services.principals.getUserByUsername(user.username);
      expect(await secretMatches(row!.passwordHash, user.password)).toBe(true);
      expect((await services.principals.getApp(user.clientId))?.secretHash).toBeNull();
      const names = (await services.workspaces.listFor({ kind: 'user', id: row!.id })).map(
        (workspace) => workspace.name,
      );
      expect(names).toEqual([...user.workspaces].sort());
    }
    const app = await services.principals.getApp(demoServicePrincipal.clientId);
    expect(await secretMatches(app!.secretHash!, demoServicePrincipal.secret)).toBe(true);
    expect(await services.workspaces.listFor({ kind: 'app', id: app!.clientId })).toHaveLength(
      demoWorkspaceNames.length,
    );
    expect((await services.content.getReport(ids.salesReport))?.revision).toBe(1);
    expect(await services.content.listTiles(ids.salesDashboard)).toHaveLength(2);
  });

  it('derives workspace ids from names, the same on every machine', async () => {
    const services = freshServices();
    await seedDemo(services, []);
    expect((await services.workspaces.getByName('Comercial'))?.id).toBe(
      workspaceIdFor('Comercial'),
    );
    expect(workspaceIdFor('Comercial')).toBe(workspaceIdFor('comercial'));
    expect(workspaceIdFor('Comercial')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('is safe to run again: nothing duplicated; saved revisions, changed passwords and roles kept', async () => {
    const services = freshServices();
    await seedDemo(services, fixtureContent);
    await services.content.addRevision(
      ids.salesReport,
      { pages: [{ name: 'Cambiada' }] },
      'someone',
    );
    const [user] = demoUsers;
    const { catalog } = services;
    await catalog.addUser(user!.username, 'OtraClave2025');
    await catalog.grant('Comercial', { user: user!.username }, 'Viewer');

    await seedDemo(services, fixtureContent);
    expect(await services.content.listReports(workspaceIdFor('Comercial'))).toHaveLength(3);
    expect((await services.content.getReport(ids.salesReport))?.revision).toBe(2);
    const row = await services.principals.getUserByUsername(user!.username);
    expect(await secretMatches(row!.passwordHash, 'OtraClave2025')).toBe(true);
    expect(
      await services.principals.roleIn(workspaceIdFor('Comercial'), { kind: 'user', id: row!.id }),
    ).toBe('Viewer');
  });
});
