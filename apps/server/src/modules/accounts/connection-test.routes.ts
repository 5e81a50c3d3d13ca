import {
  connectionTestRequestSchema,
  connectionTestSchema,
  errorResponseSchema,
  numericIdParamsSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import type { ConnectionTester } from './connection-test.ts';

/** "Probar conexión" (administrators): sign-in, workspaces and one embed token. */
export const connectionTestModule = (testConnection: ConnectionTester): ApiModule => ({
  name: 'connection-test',
  register(app) {
    app.post(
      '/account/:id/test',
      {
        preHandler: app.requireAdmin,
        schema: {
          tags: ['cuentas'],
          security: [{ bearer: [] }],
          summary: 'Prueba la conexión de la cuenta: inicio de sesión, áreas de trabajo y un token',
          params: numericIdParamsSchema,
          body: connectionTestRequestSchema,
          response: {
            200: connectionTestSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => testConnection(request.params.id),
    );
  },
});
