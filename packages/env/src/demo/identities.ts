/**
 * The demo tenant: a Latin-American retailer's integration identities and workspaces. The BI
 * service seeds them and the portal registers the same identities as its demo accounts, so they
 * are shared facts. Their passwords and secret are not: see credentials.ts.
 */
export const demoWorkspaceNames = [
  'Comercial',
  'Finanzas',
  'Operaciones',
  'Recursos Humanos',
] as const;

export interface DemoUser {
  username: string;
  /** The public application (password grant) it signs in with. */
  clientId: string;
  description: string;
  workspaces: readonly string[];
}

/** The master users the portal registers as its demo integration accounts. */
export const demoUsers: readonly DemoUser[] = [
  {
    username: 'integracion.comercial@vitrina.demo',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
    description: 'Retail Andino - Comercial',
    workspaces: ['Comercial', 'Operaciones'],
  },
  {
    username: 'integracion.finanzas@vitrina.demo',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a02',
    description: 'Retail Andino - Finanzas y RR. HH.',
    workspaces: ['Finanzas', 'Recursos Humanos'],
  },
];

/**
 * A demo user whose correct password still gets "MFA required" (AADSTS50076) from the BI
 * service, so that portals can show what a real MFA-protected master user looks like.
 */
export const demoMfaUsername = 'integracion.mfa@vitrina.demo';

/** A confidential application (service principal) that belongs to every demo workspace. */
export const demoServicePrincipal = {
  clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a03',
  description: 'Retail Andino - Servicio de integración',
  workspaces: demoWorkspaceNames,
} as const;

/** Every demo user that signs in with a password, the MFA-flagged one included. */
export const demoUsernames: readonly string[] = [
  ...demoUsers.map((user) => user.username),
  demoMfaUsername,
];
