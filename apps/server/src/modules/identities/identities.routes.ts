import {
  idParam,
  numericIdParamsSchema,
  putRlsIdentityRequestSchema,
  rlsIdentityListSchema,
} from '@vitrina/contracts';
import { z } from 'zod';
import type { ApiModule } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { answerNoContent, noContent } from '../../route-options.ts';
import type { IdentitiesService } from './identities.service.ts';

/** Viewers' effective identities (row-level security) per account (administrators). */
export const identitiesModule = (identities: IdentitiesService): ApiModule => ({
  name: 'identities',
  tag: 'cuentas',
  register(app) {
    app.get(
      '/account/:id/identities',
      app.admin('Identidades efectivas (seguridad por filas) de los usuarios en la cuenta', {
        params: numericIdParamsSchema,
        response: { 200: rlsIdentityListSchema },
      }),
      async (request) => identities.list(request.params.id),
    );
    app.put(
      '/account/:id/identities',
      app.admin(
        'Asigna la identidad efectiva de un usuario en la cuenta o en un conjunto de datos',
        {
          params: numericIdParamsSchema,
          body: putRlsIdentityRequestSchema,
          response: { 204: noContent },
        },
      ),
      answerNoContent((request) =>
        identities.put(request.params.id, request.body, actorOf(request)),
      ),
    );
    app.delete(
      '/account/:id/identities/:identityId',
      app.admin('Quita una identidad efectiva', {
        params: z.object({ id: idParam, identityId: idParam }),
        response: { 204: noContent },
      }),
      answerNoContent((request) =>
        identities.delete(request.params.id, request.params.identityId, actorOf(request)),
      ),
    );
  },
});
