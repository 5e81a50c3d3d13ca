import {
  accountSchema,
  accountTreeSchema,
  accountTokenSchema,
  createAccountRequestSchema,
  errorResponseSchema,
  numericIdParamsSchema,
  updateAccountRequestSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { actorOf, sessionUser, signedInActorOf } from '../../plugins/auth.ts';
import { neverStored } from '../../plugins/security.ts';
import { serializeEachObjectOnce } from '../../plugins/serializers.ts';
import { answerNoContent, answerWithStatus, noContent } from '../../route-options.ts';
import type { AccountsService } from './accounts.service.ts';

/** Integration accounts: the visible content tree (any user, for themselves) and administration. */
export const accountsModule = (accounts: AccountsService): ApiModule => ({
  name: 'accounts',
  tag: 'cuentas',
  register(app) {
    app.get(
      '/account/:id',
      {
        ...app.signedIn(
          'Cuentas, áreas de trabajo e informes visibles para el usuario {id} (solo uno mismo, salvo administradores)',
          {
            params: numericIdParamsSchema,
            response: { 200: accountTreeSchema },
          },
        ),
        // The tree is cached per user and shape (tree-cache.ts): encoded to JSON bytes once per tree.
        serializerCompiler: serializeEachObjectOnce,
      },
      async (request) => accounts.treeFor(sessionUser(request), request.params.id),
    );

    app.post(
      '/account',
      app.admin('Crea la cuenta de integración y la sincroniza con el servicio de BI', {
        body: createAccountRequestSchema,
        response: { 201: accountSchema },
      }),
      answerWithStatus(201, (request) => accounts.create(request.body, signedInActorOf(request))),
    );

    app.put(
      '/account',
      app.admin('Actualiza la cuenta (el usuario no cambia) y la vuelve a sincronizar', {
        body: updateAccountRequestSchema,
        response: { 200: accountSchema },
      }),
      async (request) => accounts.update(request.body, signedInActorOf(request)),
    );

    app.delete(
      '/account/:id',
      app.admin('Elimina la cuenta con sus áreas de trabajo, informes, permisos y favoritos', {
        params: numericIdParamsSchema,
        response: { 204: noContent },
      }),
      answerNoContent((request) => accounts.delete(request.params.id, actorOf(request))),
    );

    app.get(
      '/account/token/:id',
      // It carries the BI service's access token: no browser or proxy may keep it.
      neverStored(
        app.admin('Token de acceso vigente del servicio de BI para la cuenta', {
          params: numericIdParamsSchema,
          response: { 200: accountTokenSchema, 502: errorResponseSchema },
        }),
      ),
      async (request) => accounts.accessToken(request.params.id),
    );
  },
});
