import { errorResponseSchema, reportUidParamsSchema, viewerReportSchema } from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { sessionUser } from '../../plugins/auth.ts';
import { noStore } from '../../plugins/security.ts';
import { serializeEachObjectOnce } from '../../plugins/serializers.ts';
import type { ViewerService } from './viewer.service.ts';

/** The report viewer: access check plus a View embed token for one report. */
export const viewerModule = (viewer: ViewerService): ApiModule => ({
  name: 'viewer',
  register(app) {
    app.get(
      '/viewer/report/:uid',
      {
        // It carries an embed token: no browser or proxy may keep it.
        onRequest: noStore,
        preHandler: app.requireAuth,
        // One answer object per report and embed token (viewer.service.ts): written once.
        serializerCompiler: serializeEachObjectOnce,
        schema: {
          tags: ['visor'],
          security: [{ bearer: [] }],
          summary: 'Datos y token de embebido (solo lectura) del informe {uid}',
          params: reportUidParamsSchema,
          response: {
            200: viewerReportSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            502: errorResponseSchema,
          },
        },
      },
      async (request) => viewer.open(sessionUser(request), request.params.uid),
    );
  },
});
