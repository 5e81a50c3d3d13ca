/**
 * The demo tenant as tests enter it into the portal. Tests run outside production, so the demo's
 * identities have their published credentials (`@vitrina/env/demo`, decision 0220).
 */
import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';

/** The demo's service principal as the body of POST /api/account. */
export const demoServicePrincipalAccount = {
  authType: 'ServicePrincipal',
  description: 'Retail Andino - Entidad de servicio',
  username: 'vitrina-app',
  tenantId: 'vitrina',
  clientId: demoServicePrincipal.clientId,
  password: publishedDemoCredentials.servicePrincipalSecret,
};
