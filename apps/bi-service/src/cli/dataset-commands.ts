/**
 * `npm run bi -- dataset …`: the CLI fills datasets through the running service's REST API, as
 * any Power BI client would, because the service holds each DuckDB file open. It acts as its own
 * application principal, made Admin of the workspace it works on (the CLI already administers
 * identities and memberships), with an access token signed by the service's key.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { deterministicGuid } from '../platform/ids.ts';
import type { BiServices } from '../services.ts';
import { signAccessToken } from '../modules/identity/access-token.ts';

export type CliServices = Pick<BiServices, 'catalog' | 'workspaces' | 'accessTokenKey' | 'clock'>;

export interface CliContext {
  /** Where the running BI service answers, e.g. http://127.0.0.1:8081. */
  biUrl: string;
  /** Progress lines (stderr in a terminal). */
  progress: (line: string) => void;
}

const cliClientId = deterministicGuid('app', 'vitrina-cli');

async function tokenFor(services: CliServices, workspaceName: string) {
  const workspace = await services.workspaces.getByName(workspaceName);
  if (!workspace) throw new Error(`Área de trabajo desconocida: ${workspaceName}`);
  // A fresh secret nobody keeps: the CLI never uses the token endpoint, only its own signature.
  await services.catalog.addApp(cliClientId, 'Vitrina CLI (npm run bi)', randomUUID());
  await services.catalog.grant(workspaceName, { app: cliClientId }, 'Admin');
  const { token } = await signAccessToken(
    services.accessTokenKey,
    'vitrina-cli',
    { principal: { kind: 'app', id: cliClientId }, clientId: cliClientId, tenant: 'vitrina' },
    services.clock,
  );
  return { token, workspaceId: workspace.id };
}

/** The file as a multipart/form-data body, counting bytes as they leave. */
function multipartBody(path: string, onBytes: (sent: number, total: number) => void) {
  const boundary = `vitrina-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(path).replaceAll('"', '')}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = statSync(path).size;
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      onBytes(sent, total);
      done(null, chunk);
    },
  });
  async function* parts() {
    yield head;
    yield* createReadStream(path).pipe(counter);
    yield tail;
  }
  return { body: Readable.toWeb(Readable.from(parts())), boundary };
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    const error = body['error'] as { message?: string } | undefined;
    throw new Error(`El servicio BI rechazó la operación: ${error?.message ?? response.status}`);
  }
  return body;
}

/** `dataset import <workspace> <file> [--name …]`: prints the dataset and its inferred columns. */
export async function importDataset(
  services: CliServices,
  context: CliContext,
  args: { workspace: string; file: string; name?: string | undefined },
): Promise<string> {
  const { token, workspaceId } = await tokenFor(services, args.workspace);
  const name = args.name ?? basename(args.file).replace(/\.[^.]+$/, '');
  let shown = -1;
  const { body, boundary } = multipartBody(args.file, (sent, total) => {
    const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
    if (percent !== shown) context.progress(`Subiendo ${basename(args.file)}: ${percent} %`);
    shown = percent;
  });
  const base = `${context.biUrl}/v1.0/myorg/groups/${workspaceId}`;
  const headers = { authorization: `Bearer ${token}` };
  let response: Response;
  try {
    response = await fetch(`${base}/imports?datasetDisplayName=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body as ReadableStream,
      duplex: 'half',
    } as RequestInit);
  } catch {
    throw new Error(`El servicio BI no responde en ${context.biUrl}; inícielo con npm start.`);
  }
  const started = await readJson(response);
  const done = await readJson(await fetch(`${base}/imports/${String(started['id'])}`, { headers }));
  const dataset = (done['datasets'] as { id: string }[])[0]!;
  const tables = await readJson(await fetch(`${base}/datasets/${dataset.id}/tables`, { headers }));
  const columns = (tables['value'] as { columns: { name: string; dataType: string }[] }[])
    .flatMap((table) => table.columns)
    .map((column) => `  ${column.name}: ${column.dataType}`);
  return [`Conjunto de datos ${name} importado (id ${dataset.id}).`, 'Columnas:', ...columns].join(
    '\n',
  );
}

/** An authorized JSON call to the running service's workspace routes (GET, or POST with a body). */
async function workspaceCall(
  services: CliServices,
  context: CliContext,
  workspace: string,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
) {
  const { token, workspaceId } = await tokenFor(services, workspace);
  let response: Response;
  try {
    response = await fetch(`${context.biUrl}/v1.0/myorg/groups/${workspaceId}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new Error(`El servicio BI no responde en ${context.biUrl}; inícielo con npm start.`);
  }
  return readJson(response);
}

/** `dataset connect <workspace> <postgres-url> --name … --table s.t … --query nombre=SQL …`. */
export async function connectDataset(
  services: CliServices,
  context: CliContext,
  args: { workspace: string; url: string; name: string; tables: string[]; queries: string[] },
): Promise<string> {
  const queries = args.queries.map((entry) => {
    const split = entry.indexOf('=');
    if (split < 1) throw new Error(`Consulta sin nombre: use --query nombre=SQL (${entry})`);
    return { name: entry.slice(0, split), sql: entry.slice(split + 1) };
  });
  context.progress(`Copiando desde PostgreSQL…`);
  const created = await workspaceCall(services, context, args.workspace, '/datasets/postgresql', {
    name: args.name,
    connectionString: args.url,
    tables: args.tables,
    queries,
  });
  return `Conjunto de datos ${args.name} conectado y copiado (id ${String(created['id'])}).`;
}

/** The workspace's dataset of that name or id. */
async function findDataset(
  services: CliServices,
  context: CliContext,
  args: { workspace: string; dataset: string },
) {
  const listed = await workspaceCall(services, context, args.workspace, '/datasets');
  const dataset = (listed['value'] as { id: string; name: string }[]).find(
    (candidate) => candidate.name === args.dataset || candidate.id === args.dataset,
  );
  if (!dataset) throw new Error(`Conjunto de datos desconocido: ${args.dataset}`);
  return dataset;
}

/** `dataset refresh <workspace> <dataset>`: refreshes now and prints how it ended. */
export async function refreshDataset(
  services: CliServices,
  context: CliContext,
  args: { workspace: string; dataset: string },
): Promise<string> {
  const dataset = await findDataset(services, context, args);
  await workspaceCall(services, context, args.workspace, `/datasets/${dataset.id}/refreshes`, {});
  const history = await workspaceCall(
    services,
    context,
    args.workspace,
    `/datasets/${dataset.id}/refreshes?$top=1`,
  );
  const last = (history['value'] as { status: string; serviceExceptionJson?: string }[])[0];
  if (last?.status !== 'Completed') {
    const detail = last?.serviceExceptionJson
      ? (JSON.parse(last.serviceExceptionJson) as { errorDescription: string }).errorDescription
      : 'sin detalle';
    throw new Error(`La actualización de ${dataset.name} falló: ${detail}`);
  }
  return `Conjunto de datos ${dataset.name} actualizado.`;
}

/**
 * `dataset roles <workspace> <dataset> [--file roles.json | --clear]`: prints the dataset's
 * row-level-security roles as JSON, after replacing them with the file's (`{ "value": [...] }`
 * or the bare list) or with none.
 */
export async function datasetRoles(
  services: CliServices,
  context: CliContext,
  args: { workspace: string; dataset: string; file?: string | undefined; clear: boolean },
): Promise<string> {
  if (args.file && args.clear) throw new Error('Indique --file o --clear, no los dos.');
  const dataset = await findDataset(services, context, args);
  const path = `/datasets/${dataset.id}/roles`;
  let body: unknown;
  if (args.clear) body = { value: [] };
  else if (args.file) body = rolesFile(args.file);
  const roles =
    body === undefined
      ? await workspaceCall(services, context, args.workspace, path)
      : await workspaceCall(services, context, args.workspace, path, body, 'PUT');
  return JSON.stringify(roles['value'], null, 2);
}

function rolesFile(file: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No se pudo leer ${file} como JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return Array.isArray(parsed) ? { value: parsed } : parsed;
}
