import {
  demoMfaUsername,
  demoServicePrincipal,
  demoUsernames,
  demoWorkspaceNames,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import { describe, expect, it } from 'vitest';
import { workspaceIdFor } from '../src/catalog/catalog.service.ts';
import { loadConfig } from '../src/config.ts';
import { retirePublishedDemoCredentials } from '../src/seed/retire-published-credentials.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createServices, type BiServices } from '../src/services.ts';
import { secretMatches } from '../src/tokens/passwords.ts';
import { fixtureContent, ids } from './fixture-content.ts';
import { comercial, finanzas } from './harness.ts';

const freshServices = () => createServices(loadConfig({ DATA_DIR: 'unused' }), { inMemory: true });
const published = publishedDemoCredentials;
const demoUsers = [comercial, finanzas];

describe('seedDemo', () => {
  it('creates the demo identities, workspaces, memberships and content', async () => {
    const services = freshServices();
    await seedDemo(services, fixtureContent, published);
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
    expect(await secretMatches(app!.secretHash!, published.servicePrincipalSecret)).toBe(true);
    expect(await services.workspaces.listFor({ kind: 'app', id: app!.clientId })).toHaveLength(
      demoWorkspaceNames.length,
    );
    expect((await services.content.getReport(ids.salesReport))?.revision).toBe(1);
    expect(await services.content.listTiles(ids.salesDashboard)).toHaveLength(2);
  });

  it('derives workspace ids from names, the same on every machine', async () => {
    const services = freshServices();
    await seedDemo(services, [], published);
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
    await seedDemo(services, fixtureContent, published);
    await services.content.addRevision(
      ids.salesReport,
      { pages: [{ name: 'Cambiada' }] },
      'someone',
    );
    const [user] = demoUsers;
    const { catalog } = services;
    await catalog.addUser(user!.username, 'OtraClave2025');
    await catalog.grant('Comercial', { user: user!.username }, 'Viewer');

    await seedDemo(services, fixtureContent, published);
    expect(await services.content.listReports(workspaceIdFor('Comercial'))).toHaveLength(3);
    expect((await services.content.getReport(ids.salesReport))?.revision).toBe(2);
    const row = await services.principals.getUserByUsername(user!.username);
    expect(await secretMatches(row!.passwordHash, 'OtraClave2025')).toBe(true);
    expect(
      await services.principals.roleIn(workspaceIdFor('Comercial'), { kind: 'user', id: row!.id }),
    ).toBe('Viewer');
  });
});

/** What a production start finds: identities that may still hold the published credentials. */
describe('retirePublishedDemoCredentials', () => {
  const installation: DemoCredentials = {
    passwords: Object.fromEntries(demoUsernames.map((name) => [name, `propia-${name}-1234`])),
    servicePrincipalSecret: 'secreto-propio-de-esta-instalacion-0123456789',
  };

  /** Which of `credentials` each demo identity accepts now. */
  async function accepted(services: BiServices, credentials: DemoCredentials) {
    const result: boolean[] = [];
    for (const username of demoUsernames) {
      const user = await services.principals.getUserByUsername(username);
      result.push(await secretMatches(user!.passwordHash, credentials.passwords[username]!));
    }
    const app = await services.principals.getApp(demoServicePrincipal.clientId);
    result.push(await secretMatches(app!.secretHash!, credentials.servicePrincipalSecret));
    return result;
  }

  it('gives every identity still holding a published credential the installation’s own', async () => {
    const services = freshServices();
    await seedDemo(services, [], published);
    const retired = await retirePublishedDemoCredentials(services, () => installation);
    expect(retired).toEqual([...demoUsernames, demoServicePrincipal.clientId]);
    expect(await accepted(services, published)).toEqual([false, false, false, false]);
    expect(await accepted(services, installation)).toEqual([true, true, true, true]);
    // The MFA-flagged user keeps its name and flag; only its password changed.
    expect(await services.principals.getUserByUsername(demoMfaUsername)).toBeDefined();
  });

  it('leaves a credential changed by hand alone, and asks for nothing when nothing is published', async () => {
    const services = freshServices();
    await seedDemo(services, [], installation);
    await services.catalog.addUser(comercial.username, 'ElegidaPorElOperador1');
    const asked = () => {
      throw new Error('no identity needed the installation’s credentials');
    };
    expect(await retirePublishedDemoCredentials(services, asked)).toEqual([]);
    const row = await services.principals.getUserByUsername(comercial.username);
    expect(await secretMatches(row!.passwordHash, 'ElegidaPorElOperador1')).toBe(true);
  });

  it('asks for nothing where the demo never ran', async () => {
    const services = freshServices();
    const asked = () => {
      throw new Error('no identity needed the installation’s credentials');
    };
    expect(await retirePublishedDemoCredentials(services, asked)).toEqual([]);
  });
});
