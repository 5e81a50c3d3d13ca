import {
  groupNameParamsSchema,
  groupPermissionListSchema,
  providerGroupListSchema,
  putGroupPermissionsRequestSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import type { GroupPermissionsService } from './group-permissions.service.ts';

/** Provider groups and their grants (administrators only). */
export const groupPermissionsModule = (groups: GroupPermissionsService): ApiModule => ({
  name: 'group-permissions',
  tag: 'permisos',
  register(app) {
    app.get(
      '/groups',
      app.admin('Grupos del proveedor de identidad vistos al iniciar sesión', {
        response: { 200: providerGroupListSchema },
      }),
      async () => groups.groups(),
    );

    app.get(
      '/groups/:name/permissions',
      app.admin('Permisos del grupo {name}, heredados por sus miembros', {
        params: groupNameParamsSchema,
        response: { 200: groupPermissionListSchema },
      }),
      async (request) => groups.listForGroup(request.params.name),
    );

    app.put(
      '/groups/:name/permissions',
      app.admin('Reemplaza los permisos del grupo {name}', {
        params: groupNameParamsSchema,
        body: putGroupPermissionsRequestSchema,
        response: { 200: groupPermissionListSchema },
      }),
      async (request) => groups.replace(request.params.name, request.body, actorOf(request)),
    );
  },
});
