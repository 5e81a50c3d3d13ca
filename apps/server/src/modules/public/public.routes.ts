import {
  aboutSchema,
  errorResponseSchema,
  healthSchema,
  publicConfigSchema,
} from '@vitrina/contracts';
import type { Config } from '../../config.ts';
import type { ApiModule } from '../../context.ts';

/** Health, white-label branding (before login) and the about box (signed in). */
export const publicModule = (
  config: Pick<Config, 'brand' | 'bi' | 'about' | 'oidc'>,
): ApiModule => ({
  name: 'public',
  register(app) {
    app.get(
      '/health',
      { schema: { tags: ['infraestructura'], response: { 200: healthSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    const sso = config.oidc
      ? { displayName: config.oidc.displayName, endSession: config.oidc.endSession }
      : null;
    const publicConfig = { ...config.brand, embedOrigin: config.bi.embedOrigin, sso };
    app.get(
      '/public-config',
      {
        schema: {
          tags: ['infraestructura'],
          summary:
            'Marca blanca y origen del servicio de BI (público; entrega la cookie XSRF-TOKEN)',
          response: { 200: publicConfigSchema },
        },
      },
      async () => publicConfig,
    );

    app.get(
      '/infraestructure/about',
      {
        preHandler: app.requireAuth,
        schema: {
          tags: ['infraestructura'],
          security: [{ bearer: [] }],
          response: { 200: aboutSchema, 401: errorResponseSchema },
        },
      },
      async () => config.about,
    );
  },
});
