import { expect } from 'vitest';
import { bearer, clientCredentials, json, passwordGrant, tokenPath } from './bi-requests.ts';
import type { DeployedStack } from './deployed-stack.ts';
import type { ProductionContent } from './production-content.ts';
import type { ProxiedCalls } from './proxied-calls.ts';
import { addresses, type Answer } from './proxy-client.ts';

/** What every case of the deployment security suite works with, once the stack is up. */
export interface SuiteContext {
  stack: DeployedStack;
  calls: ProxiedCalls;
  content: ProductionContent;
  /** The portal principal's access token, as any of its REST clients would hold one. */
  principal: string;
}

/** Cases are declared before the stack starts, so they read the context when they run. */
export type ContextOf = () => SuiteContext;

/** A refusal of the client's request (400-class), as opposed to success or a server failure. */
export const refused = (answer: Answer) => answer.status >= 400 && answer.status < 500;

/** What an error text must not tell an outsider: addresses, ports, socket paths, driver errors. */
export const internals =
  /ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|127\.0\.0\.1|localhost|::1|:\d{2,5}\b|\/var\/run|\.s\.PGSQL|postgres(ql)?:\/\/|terminated unexpectedly|pg_hba/i;

/**
 * Token requests with the demo identities published in the source before issue 24
 * (apps/bi-service/src/seed/demo-identities.ts): the service principal with its secret, and each
 * demo user with its password. Anyone who read the source knows them.
 */
const publishedDemoAttempts = [
  clientCredentials('3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a03', 'vitrina-demo-secret'),
  passwordGrant(
    '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a01',
    'integracion.comercial@vitrina.demo',
    'Comercial2024',
  ),
  passwordGrant(
    '3f2a7c1e-0d4b-4c8e-9a51-2b6d8e1f4a02',
    'integracion.finanzas@vitrina.demo',
    'Finanzas2024',
  ),
];

/** Each published demo credential, tried from outside through the BI host name, gets no token. */
export async function expectNoTokenForPublishedDemo(context: SuiteContext): Promise<void> {
  for (const attempt of publishedDemoAttempts) {
    const answer = await context.calls.bi(tokenPath, {
      method: 'POST',
      from: addresses.outsider,
      ...attempt,
    });
    expect(answer.status, answer.text).not.toBe(200);
    expect(answer.json?.['access_token']).toBeUndefined();
  }
}

const groupPath = ({ content }: SuiteContext) => `/v1.0/myorg/groups/${content.workspaceId}`;

/** GenerateToken for one report of the workspace, by the portal's principal. */
export function generateToken(
  context: SuiteContext,
  reportId: string,
  body: Record<string, unknown>,
): Promise<Answer> {
  return context.calls.bi(`${groupPath(context)}/reports/${reportId}/GenerateToken`, {
    method: 'POST',
    headers: { ...bearer(context.principal), ...json },
    body: JSON.stringify(body),
  });
}

/** The portal's viewer opening R1 through the portal host name. */
export function openReport({ calls, content }: SuiteContext): Promise<Answer> {
  return calls.portal('GET', `/api/viewer/report/${content.r1Uid}`, {
    token: content.viewerToken,
  });
}

/** A dataset over a PostgreSQL source, by the portal's principal (Admin of the workspace). */
export function createSource(
  context: SuiteContext,
  name: string,
  connectionString: string,
  sql: string,
): Promise<Answer> {
  return context.calls.bi(`${groupPath(context)}/datasets/postgresql`, {
    method: 'POST',
    headers: { ...bearer(context.principal), ...json },
    body: JSON.stringify({ name, connectionString, queries: [{ name: 'datos', sql }] }),
  });
}
