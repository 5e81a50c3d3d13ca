import { describe, expect, it } from 'vitest';
import { createBiClient } from '../../src/modules/bi-client/bi-client.ts';
import { BiServiceError } from '../../src/modules/bi-client/bi-errors.ts';
import type { BiCredentials } from '../../src/modules/bi-client/bi-token-provider.ts';
import type { TransportResponse } from '../../src/modules/bi-client/http-transport.ts';
import { portalErrorOf } from '../../src/modules/bi-client/portal-error.ts';
import { warningLog } from './fixtures.ts';

const credentials: BiCredentials = {
  accountId: 1,
  username: 'integracion@vitrina.test',
  password: 'Secreto2024',
  clientId: 'app',
};
const workspaceId = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** A client whose every REST call gets `answer`; the access token is a constant. */
function clientAnswering(answer: Partial<TransportResponse>) {
  const { log } = warningLog();
  return createBiClient({
    apiUrl: 'https://bi.test',
    transport: async () => ({ status: 200, headers: {}, text: '', ...answer }),
    tokens: {
      getToken: async () => ({ accessToken: 'token', expiresOn: new Date(Date.now() + 3600_000) }),
      forget: () => undefined,
    },
    log,
  });
}

async function failureOf(call: Promise<unknown>): Promise<BiServiceError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BiServiceError);
  return error as BiServiceError;
}

describe('answers outside the Power BI REST contract', () => {
  it('fail as one malformed answer that names the call and the field', async () => {
    const client = clientAnswering({ text: JSON.stringify({ value: [{ id: 7, name: 'X' }] }) });
    const error = await failureOf(client.listWorkspaces(credentials));
    expect(error.failure).toBe('malformed_answer');
    expect(error.message).toBe(
      'El servicio de BI respondió con datos que no tienen la forma esperada.',
    );
    expect(error.detail).toMatch(
      /^GET \/groups: HTTP 200: answer outside the contract at value\.0\.id: /,
    );
  });

  it('fail the same way for a body that is missing or not JSON', async () => {
    for (const text of ['', '<html>Service Unavailable</html>']) {
      const error = await failureOf(
        clientAnswering({ text }).generateCreateToken(credentials, { workspaceId, datasetId: 'd' }),
      );
      expect(error.failure).toBe('malformed_answer');
      expect(error.detail).toContain(
        '/reports/GenerateToken: HTTP 200: answer outside the contract at body',
      );
    }
  });

  it('refuse an embed token whose expiration is not a time', async () => {
    const text = JSON.stringify({ token: 't', tokenId: 'i', expiration: 'mañana' });
    const error = await failureOf(
      clientAnswering({ text }).generateEditToken(credentials, { workspaceId, reportId: 'r' }),
    );
    expect(error.detail).toContain('at expiration');
  });

  it('reach the user as a 502 with the Spanish message', async () => {
    const error = await failureOf(
      clientAnswering({ text: '{}' }).listDatasets(credentials, workspaceId),
    );
    const portal = portalErrorOf(error);
    expect([portal.status, portal.message]).toEqual([
      502,
      'El servicio de BI respondió con datos que no tienen la forma esperada.',
    ]);
  });
});

describe('the one translation of BI failures (portalErrorOf)', () => {
  const failing = (status: number, message: string) =>
    clientAnswering({
      status,
      text: JSON.stringify({ error: { code: 'InvalidRequest', message } }),
    });

  it('is 400 in Spanish for a request the BI service refused, naming row and column', async () => {
    const refused = failing(400, 'Line 2, column Importe: "mucho" is not a valid Double');
    const portal = portalErrorOf(
      await failureOf(refused.refreshDataset(credentials, workspaceId, 'd')),
    );
    expect([portal.status, portal.message]).toEqual([
      400,
      'Fila 2, columna Importe: "mucho" no es un número válido.',
    ]);
    const unknown = failing(409, 'Something else');
    const other = portalErrorOf(
      await failureOf(unknown.deleteDataset(credentials, workspaceId, 'd')),
    );
    expect([other.status, other.message]).toEqual([400, 'El servicio de BI rechazó la operación.']);
  });

  it('is 404 for content the BI service does not have, and 502 for its own failures', async () => {
    const gone = portalErrorOf(
      await failureOf(failing(404, 'Not found').getReport(credentials, workspaceId, 'r')),
    );
    expect([gone.status, gone.message]).toEqual([
      404,
      'El contenido ya no existe en el servicio de BI.',
    ]);
    const broken = portalErrorOf(await failureOf(failing(500, 'Boom').listWorkspaces(credentials)));
    expect([broken.status, broken.message]).toEqual([
      502,
      'El servicio de BI respondió con un error inesperado.',
    ]);
  });
});
