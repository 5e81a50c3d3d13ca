import type { Kysely } from 'kysely';
import type { ConnectionStep, ConnectionTest } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import { servicePrincipalsDisabledMessage } from '../bi-client/aad-errors.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiFailure, BiServiceError } from '../bi-client/bi-errors.ts';
import type { BiTokenProvider } from '../bi-client/bi-token-provider.ts';
import { credentialsOf } from './account-credentials.ts';
import { accountsRepository } from './accounts.repository.ts';
import type { SecretBox } from './secret-box.ts';

const connectionMessages = {
  signIn: 'Inicio de sesión correcto.',
  workspaces: (count: number) => `La cuenta ve ${count} área(s) de trabajo.`,
  noWorkspaces:
    'La cuenta no ve ninguna área de trabajo: agréguela (o a su grupo de seguridad) como miembro de al menos una.',
  embedToken: (name: string) => `Se generó un token de embebido para «${name}».`,
  noReports: 'No hay informes en las áreas de trabajo visibles: no se probó el token de embebido.',
} as const;

/**
 * "Probar conexión": signs in afresh, lists workspaces and mints one embed token, stopping at
 * the first step that fails. Each step answers a Spanish sentence saying what happened and why.
 */
export function createConnectionTester(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: Pick<BiClient, 'listWorkspaces' | 'listItems' | 'generateViewToken' | 'reportDataset'>;
  tokens: Pick<BiTokenProvider, 'getToken' | 'forget'>;
}) {
  return async function testConnection(accountId: number): Promise<ConnectionTest> {
    const account = await accountsRepository.getById(deps.db, accountId);
    if (!account) throw appErrors.notFound('La cuenta no existe.');
    const steps: ConnectionTest['steps'] = [];
    const passed = (step: ConnectionStep, message: string) =>
      steps.push({ step, ok: true, message });
    let step: ConnectionStep = 'signIn';
    try {
      const credentials = credentialsOf(account, deps.secrets);
      // A cached token would hide a secret revoked since: the test always signs in again.
      deps.tokens.forget(accountId);
      await deps.tokens.getToken(credentials);
      passed(step, connectionMessages.signIn);

      step = 'workspaces';
      const workspaces = await deps.bi.listWorkspaces(credentials);
      if (workspaces.length === 0) {
        steps.push({ step, ok: false, message: connectionMessages.noWorkspaces });
        return { ok: false, steps };
      }
      passed(step, connectionMessages.workspaces(workspaces.length));

      step = 'embedToken';
      for (const workspace of workspaces) {
        const reports = (await deps.bi.listItems(credentials, workspace.id)).filter(
          (item) => item.kind === 'report',
        );
        for (const report of reports) {
          const target = { kind: report.kind, workspaceId: workspace.id, itemId: report.id };
          const dataset = await deps.bi.reportDataset(credentials, workspace.id, report.id);
          if (dataset.identityRequired) continue;
          await deps.bi.generateViewToken(credentials, target);
          passed(step, connectionMessages.embedToken(report.name));
          return { ok: true, steps };
        }
      }
      passed(step, connectionMessages.noReports);
      return { ok: true, steps };
    } catch (error) {
      if (!(error instanceof BiServiceError)) throw error;
      steps.push({ step, ok: false, message: explain(error, step, account.auth_type) });
      return { ok: false, steps };
    }
  };
}

/** Power BI refusing a signed-in service principal is almost always the tenant setting. */
function explain(error: BiServiceError, step: ConnectionStep, authType: string): string {
  if (
    step === 'workspaces' &&
    authType === 'ServicePrincipal' &&
    error.failure === BiFailure.forbidden
  ) {
    return servicePrincipalsDisabledMessage;
  }
  return error.message;
}
export type ConnectionTester = ReturnType<typeof createConnectionTester>;
