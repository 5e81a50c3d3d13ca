import {
  authenticatedUserSchema,
  errorResponseSchema,
  loginRequestSchema,
  logoutResponseSchema,
  refreshTokenRequestSchema,
  retryLaterMessage,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { noStore } from '../../plugins/security.ts';
import { issueXsrfCookie } from '../../plugins/xsrf.ts';
import { createAuthService } from './auth.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** `user/authenticate`, `user/refreshtoken` and `user/logout` (public: they create sessions). */
export const authModule: ApiModule = {
  name: 'auth',
  register(app, context) {
    const auth = createAuthService(context, context.addressFailures);
    const { config, clock } = context;

    app.post(
      '/user/authenticate',
      {
        onRequest: noStore,
        config: {
          rateLimit: {
            // A ceiling on argon2 work per address; failed attempts have their own, lower limit.
            max: config.auth.loginRequestsPerIpPerMinute,
            timeWindow: 60_000,
            errorResponseBuilder: (_request, limit) => {
              const now = clock.now();
              const retryAt = new Date(now.getTime() + limit.ttl);
              return new AppError('too_many_requests', retryLaterMessage(retryAt, now));
            },
          },
        },
        schema: {
          tags: ['sesión'],
          summary: 'Ingresar: devuelve el usuario con token y refreshToken',
          body: loginRequestSchema,
          response: { 200: authenticatedUserSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await auth.login(request.body, request.ip);
        issueXsrfCookie(reply, config.auth.secureCookies);
        return user;
      },
    );

    app.post(
      '/user/refreshtoken',
      {
        onRequest: noStore,
        schema: {
          tags: ['sesión'],
          summary: 'Rota el refresh token y devuelve el usuario con un par nuevo',
          body: refreshTokenRequestSchema,
          response: { 200: authenticatedUserSchema, ...errors },
        },
      },
      async (request) => auth.refresh(request.body.token, request.ip),
    );

    app.post(
      '/user/logout',
      {
        onRequest: noStore,
        schema: {
          tags: ['sesión'],
          summary: 'Cerrar sesión: revoca el refresh token enviado y toda su familia',
          body: refreshTokenRequestSchema,
          response: { 200: logoutResponseSchema, ...errors },
        },
      },
      async (request) => ({ revoked: await auth.logout(request.body.token, request.ip) }),
    );
  },
};
