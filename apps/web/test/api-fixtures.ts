import type { Account, PublicConfig, User, ViewerReport } from '@vitrina/contracts';
import { DEFAULT_BRANDING } from '../src/lib/branding.ts';

/** `GET public-config` as the server answers it with the default branding. */
export const publicConfig: PublicConfig = {
  ...DEFAULT_BRANDING,
  embedOrigin: 'http://bi.test',
  sso: null,
};

/** A viewer (rol 1) as `GET user` lists it: the user whose permissions the tests edit. */
export const viewerUser: User = {
  id: 5,
  username: 'vrios',
  firstname: 'Valeria',
  lastname: 'Ríos',
  mail: 'v@x.demo',
  rol: 1,
};

/** An integration account that synced fine, with whatever the test sets on top. */
export const accountOf = (fields: Partial<Account> & Pick<Account, 'id'>): Account => ({
  username: `cuenta${fields.id}@vitrina.demo`,
  clientId: 'c',
  description: `Cuenta ${fields.id}`,
  error: false,
  message: null,
  lastSyncAt: null,
  workspaces: [],
  ...fields,
});

/** Account 1, "Comercial", whose one workspace `ws-1` ("Ventas") holds `reports`. */
export const salesAccountWith = (reports: Account['workspaces'][number]['reports']): Account =>
  accountOf({
    id: 1,
    description: 'Comercial',
    workspaces: [{ id: 'ws-1', name: 'Ventas', reports }],
  });

/** `GET viewer/report/u-r1` for the demo sales report, its token expiring `expiresInMs` from now. */
export const viewerReportOf = (expiresInMs = 3_600_000): ViewerReport => ({
  name: 'Ventas generales',
  accessToken: 'token-view',
  reportId: 'r1',
  groupId: 'ws-1',
  embedUrl: 'http://bi.test/reportEmbed?reportId=r1',
  type: 'report',
  expiration: new Date(Date.now() + expiresInMs).toISOString(),
});
