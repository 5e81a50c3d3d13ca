import {
  idParam,
  numericIdParamsSchema,
  opaqueId,
  reportPagesQuerySchema,
  reportPagesSchema,
  sendNowRequestSchema,
  subscriptionBodySchema,
  subscriptionRunSchema,
  subscriptionRunsSchema,
  subscriptionSchema,
  subscriptionsSchema,
  subscriptionViewSchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { ApiModule, BackgroundWork } from '../../context.ts';
import { errorResponses } from '../../errors.ts';
import { actorOf, sessionUser } from '../../plugins/auth.ts';
import { answerNoContent, answerWithStatus, noContent } from '../../route-options.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const listQuerySchema = z.object({
  /** Only the subscriptions of this report. */
  reportUid: opaqueId.optional(),
  /** Only those this user receives (administrators). */
  userId: idParam.optional(),
});

/** "Suscripciones": reports mailed on a schedule, each recipient with their own rows. */
export const subscriptionsModule = (
  subscriptions: SubscriptionsService,
  background: BackgroundWork,
): ApiModule => ({
  name: 'subscriptions',
  tag: 'suscripciones',
  background,
  register(app) {
    app.get(
      '/subscriptions',
      app.signedIn('Suscripciones: todas (administrador) o las propias (lector)', {
        querystring: listQuerySchema,
        response: { 200: subscriptionsSchema },
      }),
      async (request) => subscriptions.list(sessionUser(request), request.query),
    );
    app.get(
      '/subscriptions/pages',
      app.signedIn('Páginas de un informe, para elegir cuáles envía una suscripción', {
        querystring: reportPagesQuerySchema,
        response: { 200: reportPagesSchema },
      }),
      async (request) => subscriptions.pages(sessionUser(request), request.query.reportUid),
    );
    app.post(
      '/subscriptions',
      app.signedIn('Crea una suscripción; un lector solo para sí mismo', {
        body: subscriptionBodySchema,
        response: { 201: subscriptionSchema },
      }),
      answerWithStatus(201, (request) =>
        subscriptions.create(sessionUser(request), actorOf(request), request.body),
      ),
    );
    app.put(
      '/subscriptions/:id',
      app.signedIn('Modifica, pausa o reanuda una suscripción', {
        params: numericIdParamsSchema,
        body: subscriptionBodySchema,
        response: { 200: subscriptionSchema },
      }),
      async (request) =>
        subscriptions.update(
          sessionUser(request),
          actorOf(request),
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/subscriptions/:id',
      app.signedIn('Elimina una suscripción', {
        params: numericIdParamsSchema,
        response: { 204: noContent },
      }),
      answerNoContent((request) =>
        subscriptions.delete(sessionUser(request), actorOf(request), request.params.id),
      ),
    );
    app.post(
      '/subscriptions/:id/send',
      app.signedIn('"Enviar ahora": envía la suscripción a todos sus destinatarios', {
        params: numericIdParamsSchema,
        body: sendNowRequestSchema,
        response: { 202: subscriptionRunSchema },
      }),
      answerWithStatus(202, (request) =>
        subscriptions.sendNow(sessionUser(request), actorOf(request), request.params.id),
      ),
    );
    app.get(
      '/subscriptions/:id/runs',
      app.signedIn('Envíos de una suscripción y el resultado por destinatario', {
        params: numericIdParamsSchema,
        response: { 200: subscriptionRunsSchema },
      }),
      async (request) => subscriptions.runs(sessionUser(request), request.params.id),
    );
    app.get(
      '/subscriptions/:id/view',
      app.signedIn(
        'La vista que envía una suscripción (el enlace del correo abre el informe así)',
        {
          params: numericIdParamsSchema,
          response: { 200: subscriptionViewSchema },
        },
      ),
      async (request) => subscriptions.view(sessionUser(request), request.params.id),
    );
    app.post(
      '/subscriptions/unsubscribe',
      {
        schema: {
          tags: ['suscripciones'],
          summary: 'Baja de una suscripción con el enlace del correo (sin sesión; una sola vez)',
          body: unsubscribeQuerySchema,
          response: { 200: unsubscribeAnswerSchema, ...errorResponses(400) },
        },
      },
      async (request) => subscriptions.unsubscribe(request.body.token),
    );
  },
});
