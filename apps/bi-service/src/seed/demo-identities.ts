/**
 * The demo tenant: a Latin-American retailer's integration identities and workspaces. The portal
 * registers the same identities as its demo accounts, so these values are shared facts.
 */
export const demoWorkspaceNames = [
  'Comercial',
  'Finanzas',
  'Operaciones',
  'Recursos Humanos',
] as const;

export interface DemoUser {
  username: string;
  password: string;
  clientId: string;
  description: string;
  workspaces: readonly string[];
}

export const demoUsers: readonly DemoUser[] = [
  {
    username: 'integracion.comercial@vitrina.demo',
    password: 'Comercial2024',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
    description: 'Retail Andino - Comercial',
    workspaces: ['Comercial', 'Operaciones'],
  },
  {
    username: 'integracion.finanzas@vitrina.demo',
    password: 'Finanzas2024',
    clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a02',
    description: 'Retail Andino - Finanzas y RR. HH.',
    workspaces: ['Finanzas', 'Recursos Humanos'],
  },
];

/** A confidential application (service principal) that belongs to every demo workspace. */
export const demoServicePrincipal = {
  clientId: '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a03',
  secret: 'vitrina-demo-secret',
  description: 'Retail Andino - Servicio de integración',
  workspaces: demoWorkspaceNames,
} as const;
