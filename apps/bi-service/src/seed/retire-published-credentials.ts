import {
  demoServicePrincipal,
  demoUsernames,
  publishedDemoCredentials,
  type DemoCredentials,
} from '@vitrina/env/demo';
import type { BiServices } from '../services.ts';
import { secretMatches } from '../tokens/passwords.ts';

/**
 * For a production start: a demo identity that still accepts its published password or secret
 * (seeded by an older version, or by a trial run on the same data) gets the installation's own
 * instead, whether demo mode is on or not. `installation` is asked only when one needs it, so an
 * installation that never had the demo creates no credentials file. Returns the identities changed.
 */
export async function retirePublishedDemoCredentials(
  services: Pick<BiServices, 'catalog' | 'principals'>,
  installation: () => DemoCredentials,
): Promise<string[]> {
  const { catalog, principals } = services;
  const published = publishedDemoCredentials;
  const retired: string[] = [];
  for (const username of demoUsernames) {
    const user = await principals.getUserByUsername(username);
    if (!user || !(await secretMatches(user.passwordHash, published.passwords[username]!)))
      continue;
    await catalog.addUser(username, installation().passwords[username]!, user.displayName);
    retired.push(username);
  }
  const app = await principals.getApp(demoServicePrincipal.clientId);
  if (app?.secretHash && (await secretMatches(app.secretHash, published.servicePrincipalSecret))) {
    const { servicePrincipalSecret } = installation();
    await catalog.addApp(app.clientId, app.description, servicePrincipalSecret);
    retired.push(app.clientId);
  }
  return retired;
}
