import { randomBytes, randomUUID } from 'node:crypto';
import { readOutbox } from '../helper.ts';
import {
  bearer,
  clientCredentials,
  embedToken,
  emptyReport,
  fileUpload,
  json,
  tokenPath,
} from './bi-requests.ts';
import { adminPassword, type DeployedStack } from './deployed-stack.ts';
import type { ProxiedCalls } from './proxied-calls.ts';
import type { Answer } from './proxy-client.ts';

/** A service principal of the BI service: its client id and secret. */
export interface Principal {
  clientId: string;
  secret: string;
}

/**
 * What an operator sets up by hand in production (there is no demo content): the portal's
 * principal, Admin of the workspace "Ventas" with a dataset and reports R1 and R3; a principal
 * that may only read that workspace; in the portal, the administrator, the integration account
 * over the portal's principal, and a viewer allowed to open R1.
 */
export interface ProductionContent {
  portalPrincipal: Principal;
  readerPrincipal: Principal;
  workspaceId: string;
  datasetId: string;
  r1: string;
  r3: string;
  adminToken: string;
  accountId: number;
  viewerToken: string;
  /** R1 as the portal names it (`/api/viewer/report/{uid}`). */
  r1Uid: string;
}

const salesCsv = 'Fecha,Tienda,Importe\n2025-03-01,Lima,1234.5\n2025-03-02,Quito,7.25\n';

function expectStatus(answer: Answer, status: number, what: string): Record<string, unknown> {
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  return answer.json ?? {};
}

const newPrincipal = (): Principal => ({
  clientId: randomUUID(),
  secret: randomBytes(24).toString('hex'),
});

/** `npm run bi -- …`: the principals and the workspace, as docs/deployment.md tells operators. */
async function provisionBi(stack: DeployedStack, portal: Principal, reader: Principal) {
  await stack.biCli('app', 'add', portal.clientId, 'Portal Vitrina', `--secret=${portal.secret}`);
  await stack.biCli('app', 'add', reader.clientId, 'Solo lectura', `--secret=${reader.secret}`);
  const added = await stack.biCli('workspace', 'add', 'Ventas');
  await stack.biCli('workspace', 'grant', 'Ventas', '--app', portal.clientId, '--role', 'Admin');
  await stack.biCli('workspace', 'grant', 'Ventas', '--app', reader.clientId, '--role', 'Viewer');
  const workspaceId = /\(id ([^)]+)\)/.exec(added)?.[1];
  if (!workspaceId) throw new Error(`workspace add said: ${added}`);
  return workspaceId;
}

/** A principal's access token from the token endpoint on the BI host name. */
export async function principalToken(calls: ProxiedCalls, principal: Principal): Promise<string> {
  const answer = await calls.bi(tokenPath, {
    method: 'POST',
    ...clientCredentials(principal.clientId, principal.secret),
  });
  return String(expectStatus(answer, 200, 'client credentials')['access_token']);
}

/** The dataset (a CSV import) and two reports on it, made through the REST and embed APIs. */
async function fillWorkspace(calls: ProxiedCalls, accessToken: string, workspaceId: string) {
  const group = `/v1.0/myorg/groups/${workspaceId}`;
  const upload = fileUpload('ventas.csv', Buffer.from(salesCsv));
  const created = await calls.bi(`${group}/imports?datasetDisplayName=Ventas`, {
    method: 'POST',
    headers: { ...bearer(accessToken), ...upload.headers },
    body: upload.body,
  });
  const importId = String(expectStatus(created, 202, 'CSV import')['id']);
  const done = await calls.bi(`${group}/imports/${importId}`, { headers: bearer(accessToken) });
  const datasets = expectStatus(done, 200, 'import state')['datasets'] as { id: string }[];
  const datasetId = datasets[0]!.id;

  const minted = await calls.bi(`${group}/reports/GenerateToken`, {
    method: 'POST',
    headers: { ...bearer(accessToken), ...json },
    body: JSON.stringify({ accessLevel: 'Create', datasetId }),
  });
  const createToken = String(expectStatus(minted, 200, 'Create token')['token']);
  const report = async (name: string) => {
    const answer = await calls.bi(`/v1.0/embed/datasets/${datasetId}/reports`, {
      method: 'POST',
      headers: { ...embedToken(createToken), ...json },
      body: JSON.stringify({ name, definition: emptyReport }),
    });
    return String(expectStatus(answer, 200, `report ${name}`)['id']);
  };
  return { datasetId, r1: await report('R1 Ventas'), r3: await report('R3 Ventas') };
}

async function login(calls: ProxiedCalls, username: string, password: string) {
  const answer = await calls.portal('POST', '/api/user/authenticate', {
    body: { username, password },
  });
  return expectStatus(answer, 200, `login of ${username}`) as { id: number; token: string };
}

interface TreeAccount {
  id: number;
  workspaces: { reports: { id: string; uId: string; name: string }[] }[];
}

/** The integration account, a viewer and the viewer's permission on R1, as an admin makes them. */
async function setUpPortal(
  stack: DeployedStack,
  calls: ProxiedCalls,
  portalPrincipal: Principal,
  r1: string,
) {
  const admin = await login(calls, 'admin', adminPassword);
  const asAdmin = (method: string, path: string, body?: unknown) =>
    calls.portal(method, path, { token: admin.token, body });
  const account = await asAdmin('POST', '/api/account', {
    description: 'Ventas',
    username: 'Portal Vitrina',
    password: portalPrincipal.secret,
    clientId: portalPrincipal.clientId,
    authType: 'ServicePrincipal',
    tenantId: 'vitrina',
  });
  const accountId = Number(expectStatus(account, 201, 'integration account')['id']);
  const tree = (await asAdmin('GET', `/api/account/${admin.id}`)).json as unknown as TreeAccount[];
  const report = tree
    .find((entry) => entry.id === accountId)
    ?.workspaces.flatMap((workspace) => workspace.reports)
    .find((entry) => entry.id === r1);
  if (!report) throw new Error(`R1 is not in the synced account: ${JSON.stringify(tree)}`);

  const mail = 'lectora@vitrina.test';
  const viewer = await asAdmin('POST', '/api/user', {
    username: 'lectora',
    firstname: 'Lectora',
    lastname: 'Prueba',
    mail,
    rol: 1,
  });
  const viewerId = Number(expectStatus(viewer, 201, 'viewer')['id']);
  const grant = await asAdmin('PUT', '/api/user/permissions', [
    { userId: viewerId, accountElementId: r1 },
  ]);
  expectStatus(grant, 200, 'permission');
  const sent = readOutbox(stack.dataDir).findLast((text) => text.includes(mail)) ?? '';
  const password = /Contrase(?:ñ|n)a temporal:\s*(\S+)/.exec(sent)?.[1];
  if (!password) throw new Error('no temporary password in the outbox');
  const viewerLogin = await login(calls, 'lectora', password);
  return { adminToken: admin.token, accountId, viewerToken: viewerLogin.token, r1Uid: report.uId };
}

export async function setUpProduction(
  stack: DeployedStack,
  calls: ProxiedCalls,
): Promise<ProductionContent> {
  const portalPrincipal = newPrincipal();
  const readerPrincipal = newPrincipal();
  const workspaceId = await provisionBi(stack, portalPrincipal, readerPrincipal);
  const accessToken = await principalToken(calls, portalPrincipal);
  const content = await fillWorkspace(calls, accessToken, workspaceId);
  const portal = await setUpPortal(stack, calls, portalPrincipal, content.r1);
  return { portalPrincipal, readerPrincipal, workspaceId, ...content, ...portal };
}
