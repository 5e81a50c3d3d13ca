import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from '@vitrina/contracts';
import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../../src/db/database.ts';
import {
  startFakeBiService,
  type FakeBiService,
  type FakeIdentity,
} from '../bi-client/fake-bi-service.ts';
import { identity, workspace } from '../bi-client/fixtures.ts';
import { buildTestApp, callApi, signIn, type SignedIn, type TestApp } from '../helper.ts';

/** The portal on a fresh database of `dialect`, wired to a fake BI service over TLS. */
export interface ContentFixture extends TestApp {
  bi: FakeBiService;
  admin: SignedIn;
  /** A viewer (rol 1), signed in. */
  viewer(): Promise<SignedIn>;
  /** A new identity on the fake BI service with two workspaces (2 reports + 1 dashboard each). */
  newIdentity(): FakeIdentity;
  /** Creates an account for `identity` through the API, as the administrator. */
  createAccount(identity: FakeIdentity): Promise<Account>;
  /** The tree `GET account/{user.id}` returns to `user`. */
  treeOf(user: SignedIn): Promise<Account[]>;
  /** `GET account/{userId}` as `requester`, whatever the answer. */
  treeAs(requester: SignedIn, userId: number): ReturnType<typeof callApi>;
  /** `POST favorite` of `reportId` for `user`, as that user, whatever the answer. */
  addFavorite(user: SignedIn, reportId: string): ReturnType<typeof callApi>;
  stop(): Promise<void>;
}

let counter = 0;

async function startContentFixture(dialect: DialectName): Promise<ContentFixture> {
  const bi = await startFakeBiService([]);
  const caDir = mkdtempSync(join(tmpdir(), 'vitrina-ca-'));
  const caFile = join(caDir, 'cert.pem');
  writeFileSync(caFile, bi.ca);
  const testApp = await buildTestApp(dialect, {
    env: { BI_API_URL: bi.url, BI_AUTHORITY_URL: bi.authorityUrl, BI_TLS_CA_FILE: caFile },
  });
  const admin = await signIn(testApp, 0);
  const treeAs = (requester: SignedIn, userId: number) =>
    callApi(testApp.app, { method: 'GET', url: `/api/account/${userId}`, token: requester.token });

  return {
    ...testApp,
    bi,
    admin,
    viewer: () => signIn(testApp, 1),
    newIdentity() {
      counter += 1;
      const created = identity(`integracion${counter}@vitrina.test`, [
        workspace(`Comercial ${counter}`),
        workspace(`Finanzas ${counter}`),
      ]);
      bi.identities.push(created);
      return created;
    },
    async createAccount(created) {
      const response = await callApi(testApp.app, {
        method: 'POST',
        url: '/api/account',
        token: admin.token,
        body: {
          description: `Cuenta ${created.username}`,
          username: created.username,
          password: created.password,
          clientId: created.clientId,
        },
      });
      if (response.statusCode !== 201)
        throw new Error(`create account: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    treeAs,
    addFavorite: (user, reportId) =>
      callApi(testApp.app, {
        method: 'POST',
        url: '/api/favorite',
        token: user.token,
        body: { reportId, userId: user.id },
      }),
    async treeOf(user) {
      const response = await treeAs(user, user.id);
      if (response.statusCode !== 200)
        throw new Error(`tree: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async stop() {
      await testApp.close();
      await bi.close();
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}

/** Every report of a tree as `workspace/report` names, for compact assertions. */
export function reportNames(tree: Account[]): string[] {
  return tree
    .flatMap((a) => a.workspaces.flatMap((w) => w.reports.map((r) => `${w.name}/${r.name}`)))
    .sort();
}

/** Grants `elementIds` to `user` through `PUT user/permissions`. */
export async function grant(fixture: ContentFixture, user: SignedIn, elementIds: string[]) {
  const response = await callApi(fixture.app, {
    method: 'PUT',
    url: '/api/user/permissions',
    token: fixture.admin.token,
    body: elementIds.map((accountElementId) => ({ userId: user.id, accountElementId })),
  });
  if (response.statusCode !== 200)
    throw new Error(`grant: ${response.statusCode} ${response.body}`);
}

/**
 * Three new viewers granted the workspace's first report through each level (the account, the
 * workspace, the report itself), and a fourth granted nothing.
 */
export async function viewersByLevel(
  fixture: ContentFixture,
  account: Account,
  workspace: Account['workspaces'][number],
) {
  const [byAccount, byWorkspace, byReport, ungranted] = [
    await fixture.viewer(),
    await fixture.viewer(),
    await fixture.viewer(),
    await fixture.viewer(),
  ];
  await grant(fixture, byAccount, [String(account.id)]);
  await grant(fixture, byWorkspace, [workspace.id]);
  await grant(fixture, byReport, [workspace.reports[0]!.id]);
  return { byAccount, byWorkspace, byReport, ungranted };
}

/**
 * Call inside a describe: a content fixture started before its tests and stopped after them. The
 * object is filled in by that hook: read its fields in hooks and tests only.
 */
export function useContentFixture(dialect: DialectName): ContentFixture {
  const fx = {} as ContentFixture;
  beforeAll(async () => {
    Object.assign(fx, await startContentFixture(dialect));
  });
  // A fixture that failed to start has nothing to stop.
  afterAll(() => fx.stop?.());
  return fx;
}
