import {
  authenticatedUserSchema,
  errorMessages,
  errorResponseSchema,
  ssoSessionRequestSchema,
} from '@vitrina/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OidcConfig } from '../../config-oidc.ts';
import type { ApiModule } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { noStore } from '../../plugins/security.ts';
import { issueXsrfCookie } from '../../plugins/xsrf.ts';
import { transactionCookie } from './login-transaction.ts';
import { failureOf } from './provider-client.ts';
import { createOidcService } from './oidc.service.ts';

/** The callback's hand-off to the SPA: the new session's refresh token, for a minute. */
const handOffCookie = { name: 'vitrina_oidc_session', path: '/api/auth/oidc/session', maxAge: 60 };

const redirect = { 302: z.undefined().describe('Redirección') };
const tags = ['sesión'];

/**
 * Sign-in with the company's account (OpenID Connect): the start, the provider's callback, the
 * SPA's hand-off and the provider's sign-out. Public routes: they create sessions.
 */
export const oidcModule = (
  config: OidcConfig,
  deps: { userChanged: (userId: number) => void },
): ApiModule => ({
  name: 'oidc',
  register(app, context) {
    const oidc = createOidcService(config, context, deps);
    const secure = context.config.auth.secureCookies;
    const login = (query: Record<string, string>) =>
      `${config.loginUrl}?${new URLSearchParams(query).toString()}`;
    const clearCookie = (reply: FastifyReply, name: string, path: string) =>
      reply.clearCookie(name, { path, httpOnly: true, secure, sameSite: 'lax' });

    app.get(
      '/auth/oidc/login',
      {
        onRequest: noStore,
        schema: {
          tags,
          summary: 'Inicia el ingreso con el proveedor de identidad (redirige)',
          querystring: z.object({ returnUrl: z.string().max(2048).optional() }),
          response: redirect,
        },
      },
      async (request, reply) => {
        try {
          const { url, transaction } = await oidc.begin(request.query.returnUrl);
          reply.setCookie(transactionCookie.name, transaction, {
            path: transactionCookie.path,
            maxAge: transactionCookie.maxAgeSeconds,
            httpOnly: true,
            secure,
            // Lax: the provider's redirect back is a top-level navigation from another site.
            sameSite: 'lax',
          });
          return reply.redirect(url, 302);
        } catch (error) {
          request.log.warn({ code: failureOf(error) }, 'provider sign-in could not start');
          const returnUrl = request.query.returnUrl ?? '';
          return reply.redirect(login({ sso_error: 'unreachable', returnUrl }), 302);
        }
      },
    );

    app.get(
      '/auth/oidc/callback',
      {
        onRequest: noStore,
        schema: {
          tags,
          summary: 'Respuesta del proveedor: abre la sesión y vuelve a la página de ingreso',
          querystring: z.record(z.string(), z.string()),
          response: redirect,
        },
      },
      async (request, reply) => {
        const query = request.url.split('?')[1] ?? '';
        const outcome = await oidc.finish(
          query,
          request.cookies[transactionCookie.name],
          request.ip,
        );
        // One use: a replayed callback finds no transaction.
        clearCookie(reply, transactionCookie.name, transactionCookie.path);
        if (!outcome.ok) {
          return reply.redirect(
            login({ sso_error: outcome.code, returnUrl: outcome.returnUrl }),
            302,
          );
        }
        reply.setCookie(handOffCookie.name, outcome.refreshToken, {
          path: handOffCookie.path,
          maxAge: handOffCookie.maxAge,
          httpOnly: true,
          secure,
          // Lax, as the transaction: a cross-site POST never carries it either.
          sameSite: 'lax',
        });
        return reply.redirect(login({ sso: '1', returnUrl: outcome.returnUrl }), 302);
      },
    );

    app.post(
      '/auth/oidc/session',
      {
        onRequest: noStore,
        schema: {
          tags,
          summary: 'Entrega a la SPA el usuario con token y refreshToken tras el proveedor',
          body: ssoSessionRequestSchema,
          response: { 200: authenticatedUserSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const refreshToken = request.cookies[handOffCookie.name];
        clearCookie(reply, handOffCookie.name, handOffCookie.path);
        if (!refreshToken) throw new AppError('unauthorized', errorMessages.refreshTokenInvalid);
        const user = await oidc.handOff(refreshToken, request.ip);
        issueXsrfCookie(reply, secure);
        return user;
      },
    );

    app.get(
      '/auth/oidc/logout',
      {
        onRequest: noStore,
        schema: {
          tags,
          summary: 'Tras cerrar la sesión del portal: cierra la del proveedor (OIDC_END_SESSION)',
          response: redirect,
        },
      },
      async (_request, reply) => reply.redirect(await oidc.signOutUrl(), 302),
    );
  },
});
