import {
  accountListSchema,
  putReportUsersRequestSchema,
  reportIdParamsSchema,
  reportAccessSchema,
  reportUsersSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { actorOf, sessionUser } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ReportUsersService } from './report-users.service.ts';

/** Permissions by report (administrators only). */
export const administrationModule = (
  accounts: Pick<AccountsService, 'all'>,
  reportUsers: ReportUsersService,
): ApiModule => ({
  name: 'administration',
  tag: 'permisos',
  register(app) {
    app.get(
      '/administration/reports/accounts',
      app.admin('Todas las cuentas con sus áreas de trabajo e informes', {
        response: { 200: accountListSchema },
      }),
      async (request) => accounts.all(sessionUser(request)),
    );

    app.get(
      '/administration/report/:id/users',
      app.admin('Usuarios con acceso al informe {id} por cuenta, por área de trabajo y directo', {
        params: reportIdParamsSchema,
        response: { 200: reportUsersSchema },
      }),
      async (request) => reportUsers.list(request.params.id),
    );

    app.get(
      '/administration/report/:id/access',
      app.admin('¿Por qué puede ver esto? Cada usuario con su vía de acceso e identidad RLS', {
        params: reportIdParamsSchema,
        response: { 200: reportAccessSchema },
      }),
      async (request) => reportUsers.explain(request.params.id),
    );

    app.put(
      '/administration/report/:id/users',
      app.admin('Define los usuarios con acceso directo al informe {id}', {
        params: reportIdParamsSchema,
        body: putReportUsersRequestSchema,
        response: { 200: reportUsersSchema },
      }),
      async (request) => reportUsers.setDirect(request.params.id, request.body, actorOf(request)),
    );
  },
});
