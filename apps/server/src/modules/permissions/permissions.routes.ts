import {
  numericIdParamsSchema,
  permissionListSchema,
  putPermissionsRequestSchema,
} from '@vitrina/contracts';
import type { ApiModule, BackgroundWork } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { answerNoContent, noContent } from '../../route-options.ts';
import type { PermissionsService } from './permissions.service.ts';

/** Permissions per user (administrators only), and the reminders mailed before grants end. */
export const permissionsModule = (
  permissions: PermissionsService,
  reminders: BackgroundWork,
): ApiModule => ({
  name: 'permissions',
  tag: 'permisos',
  background: reminders,
  register(app) {
    app.get(
      '/user/:id/permissions',
      app.admin('Permisos del usuario {id}', {
        params: numericIdParamsSchema,
        response: { 200: permissionListSchema },
      }),
      async (request) => permissions.listForUser(request.params.id),
    );

    app.put(
      '/user/permissions',
      app.admin('Reemplaza los permisos de cada usuario nombrado en la lista', {
        body: putPermissionsRequestSchema,
        response: { 200: permissionListSchema },
      }),
      async (request) => permissions.replace(request.body, actorOf(request)),
    );

    app.delete(
      '/user/permissions/:id',
      app.admin('Quita todos los permisos del usuario {id}', {
        params: numericIdParamsSchema,
        response: { 204: noContent },
      }),
      answerNoContent((request) => permissions.clearForUser(request.params.id, actorOf(request))),
    );
  },
});
