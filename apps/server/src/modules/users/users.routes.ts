import {
  changePasswordRequestSchema,
  createUserRequestSchema,
  errorResponseSchema,
  numericIdParamsSchema,
  resetPasswordRequestSchema,
  updateUserRequestSchema,
  userListSchema,
  userOriginListSchema,
  userSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { actorOf, sessionUser, signedInActorOf } from '../../plugins/auth.ts';
import { neverStored } from '../../plugins/security.ts';
import { answerNoContent, answerWithStatus, noContent } from '../../route-options.ts';
import { createUsersService } from './users.service.ts';

/** Users: administration (administrators only) and the own password (any signed-in user). */
export const usersModule: ApiModule = {
  name: 'users',
  tag: 'usuarios',
  register(app, context) {
    const users = createUsersService(context);
    app.get(
      '/user/origins',
      app.admin('Origen de cada usuario (local o proveedor) y los datos que fijaron su rol', {
        response: { 200: userOriginListSchema },
      }),
      async () => users.origins(),
    );

    app.get('/user', app.admin(undefined, { response: { 200: userListSchema } }), async () =>
      users.list(),
    );

    app.post(
      '/user',
      app.admin('Crea el usuario y le envía por correo una contraseña temporal', {
        body: createUserRequestSchema,
        response: { 201: userSchema, 409: errorResponseSchema, 502: errorResponseSchema },
      }),
      answerWithStatus(201, (request) => users.create(actorOf(request), request.body)),
    );

    app.put(
      '/user',
      app.admin('Actualiza un usuario (el nombre de usuario no cambia)', {
        body: updateUserRequestSchema,
        response: { 200: userSchema, 409: errorResponseSchema },
      }),
      async (request) => {
        const { id, ...fields } = request.body;
        return users.update(actorOf(request), id, fields);
      },
    );

    app.delete(
      '/user/:id',
      app.admin('Elimina el usuario con sus permisos, favoritos y sesiones', {
        params: numericIdParamsSchema,
        response: { 204: noContent, 409: errorResponseSchema },
      }),
      answerNoContent((request) => users.delete(signedInActorOf(request), request.params.id)),
    );

    app.put(
      '/user/reset',
      app.admin('Genera una contraseña temporal nueva y la envía por correo', {
        body: resetPasswordRequestSchema,
        response: { 200: userSchema, 409: errorResponseSchema, 502: errorResponseSchema },
      }),
      async (request) => users.resetPassword(actorOf(request), request.body.id),
    );

    app.put(
      '/user/changepassword',
      neverStored(
        app.signedIn('Cambia la contraseña del usuario que llama', {
          body: changePasswordRequestSchema,
          response: { 200: userSchema, 409: errorResponseSchema },
        }),
      ),
      async (request) => {
        const { id, sessionId } = sessionUser(request);
        return users.changeOwnPassword({ ...actorOf(request), id, sessionId }, request.body);
      },
    );
  },
};
