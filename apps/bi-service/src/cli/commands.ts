import { parseArgs } from 'node:util';
import type { WorkspaceRole } from '../modules/identity/principals.repository.ts';
import {
  connectDataset,
  datasetRoles,
  importDataset,
  refreshDataset,
  type CliContext,
  type CliServices,
} from './dataset-commands.ts';

export const usage = `Uso:
  npm run bi -- user add <usuario> <contraseña> [--name "Nombre"]
  npm run bi -- app add <clientId> "<descripción>" [--secret <secreto>]
  npm run bi -- workspace add <nombre>
  npm run bi -- workspace grant <área de trabajo> (--user <usuario> | --app <clientId>) [--role Admin|Member|Contributor|Viewer]
  npm run bi -- workspace list
  npm run bi -- dataset import <área de trabajo> <archivo.csv|.xlsx|.parquet> [--name "Nombre"]
  npm run bi -- dataset connect <área de trabajo> <postgres-url> --name <conjunto> --table <esquema.tabla> [--table …] [--query <nombre>=<SQL>]
  npm run bi -- dataset refresh <área de trabajo> <conjunto>
  npm run bi -- dataset roles <área de trabajo> <conjunto> [--file roles.json | --clear]`;

const roles: readonly WorkspaceRole[] = ['Admin', 'Member', 'Contributor', 'Viewer'];
const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      secret: { type: 'string' },
      user: { type: 'string' },
      app: { type: 'string' },
      role: { type: 'string', default: 'Member' },
      table: { type: 'string', multiple: true, default: [] },
      query: { type: 'string', multiple: true, default: [] },
      file: { type: 'string' },
      clear: { type: 'boolean', default: false },
    },
  });
}

function datasetContext(context: CliContext | undefined): CliContext {
  if (!context) throw new Error('Las órdenes dataset necesitan el servicio BI en marcha.');
  return context;
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new Error(`Falta ${what}.`);
  return value;
}

/**
 * Runs one CLI command; returns the text to print or throws an Error with a Spanish message.
 * Dataset commands talk to the running service (`context`).
 */
export async function runCommand(
  services: CliServices,
  args: string[],
  context?: CliContext,
): Promise<string> {
  const { positionals, values } = parse(args);
  const [resource, action, first, second] = positionals;
  const { catalog } = services;

  switch (`${resource} ${action}`) {
    case 'user add': {
      const username = required(first, 'el nombre de usuario');
      const id = await catalog.addUser(
        username,
        required(second, 'la contraseña'),
        values.name ?? username,
      );
      return `Usuario ${username} guardado (id ${id}).`;
    }
    case 'app add': {
      const clientId = required(first, 'el clientId');
      if (!guidPattern.test(clientId)) throw new Error(`El clientId debe ser un GUID: ${clientId}`);
      await catalog.addApp(clientId, required(second, 'la descripción'), values.secret);
      return `Aplicación ${clientId} registrada como ${values.secret ? 'confidencial' : 'pública'}.`;
    }
    case 'workspace add': {
      const id = await catalog.ensureWorkspace(required(first, 'el nombre del área de trabajo'));
      return `Área de trabajo ${first} (id ${id}).`;
    }
    case 'workspace grant': {
      const workspace = required(first, 'el área de trabajo');
      const role = values.role as WorkspaceRole;
      if (!roles.includes(role))
        throw new Error(`Rol desconocido: ${values.role}. Use ${roles.join(', ')}.`);
      if (Boolean(values.user) === Boolean(values.app))
        throw new Error('Indique --user o --app (uno de los dos).');
      await catalog.grant(
        workspace,
        values.user ? { user: values.user } : { app: values.app! },
        role,
      );
      return `${values.user ?? values.app} es ${role} de ${workspace}.`;
    }
    case 'workspace list':
      return (await services.workspaces.listAll())
        .map((workspace) => `${workspace.id}  ${workspace.name}`)
        .join('\n');
    case 'dataset import':
      return importDataset(services, datasetContext(context), {
        workspace: required(first, 'el área de trabajo'),
        file: required(second, 'el archivo'),
        name: values.name,
      });
    case 'dataset connect':
      return connectDataset(services, datasetContext(context), {
        workspace: required(first, 'el área de trabajo'),
        url: required(second, 'la URL postgres://'),
        name: required(values.name, '--name'),
        tables: values.table,
        queries: values.query,
      });
    case 'dataset refresh':
      return refreshDataset(services, datasetContext(context), {
        workspace: required(first, 'el área de trabajo'),
        dataset: required(second, 'el conjunto de datos'),
      });
    case 'dataset roles':
      return datasetRoles(services, datasetContext(context), {
        workspace: required(first, 'el área de trabajo'),
        dataset: required(second, 'el conjunto de datos'),
        file: values.file,
        clear: values.clear,
      });
    default:
      throw new Error(`Orden desconocida: ${positionals.join(' ') || '(ninguna)'}`);
  }
}
