/**
 * The bundled BI service alone, on a free loopback port, plus the Power BI REST calls a host
 * application makes to embed something: an AAD token (client credentials of the demo's
 * confidential app), the workspace lists and GenerateToken.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';
import { freePort, startBiProcess, type BiProcess } from '@vitrina/test-support/processes';

const frameDist = resolve(import.meta.dirname, '../../../apps/report-frame/dist/index.html');

const scope = 'https://analysis.windows.net/powerbi/api/.default';

/**
 * Where a started BI service answers and keeps its files: plain data, so the e2e global set-up
 * (shared-services.ts) can hand it to the test files that share one service.
 */
export interface BiEndpoints {
  url: string;
  /** The HTTPS listener's port (same routes as `url`). */
  tlsPort: number;
  /** The self-signed certificate of the HTTPS listener, made by the service on start. */
  certFile: string;
  /** Its DATA_DIR, where its signing key is. */
  dataDir: string;
}

/** A BI service that this process started, and so may restart and stop. */
export interface BiService extends BiEndpoints {
  /**
   * Stops the service and starts it again on the same ports and files (tokens stay valid), with
   * these extra environment variables, and only on `cpus` (a taskset list) when given: nothing
   * it kept in memory survives.
   */
  restart(settings: Record<string, string>, cpus?: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The same grant as `token`, re-signed with an expiry in the past by the service whose DATA_DIR
 * is `dataDir` (HS256, the service's own key).
 */
export function expiredCopy(dataDir: string, token: string): string {
  const secret = Buffer.from(
    readFileSync(join(dataDir, 'bi/keys/embed-token.key'), 'utf8').trim(),
    'base64',
  );
  const kid = createHash('sha256').update(secret).digest('base64url').slice(0, 16);
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', kid, typ: 'JWT' })}.${encode({ ...claims, iat: now - 7200, exp: now - 3600 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Starts apps/bi-service with demo content; `allowedOrigin` is the host page allowed to frame it. */
export async function startBiService(allowedOrigin: string): Promise<BiService> {
  if (!existsSync(frameDist))
    throw new Error('The report frame is not built: run `npm run build` first.');
  const placement = {
    dataDir: mkdtempSync(join(tmpdir(), 'vitrina-frame-e2e-')),
    port: await freePort(),
    tlsPort: await freePort(),
  };
  const start = (settings: Record<string, string>, cpus?: string) =>
    startBiProcess({
      placement,
      env: {
        VITRINA_DEMO: 'true',
        BI_ALLOWED_ORIGINS: allowedOrigin,
        BI_RATE_LIMIT_PER_MINUTE: '100000',
        ...settings,
      },
      ...(cpus ? { cpus } : {}),
    });
  let service: BiProcess = await start({});
  return {
    url: service.url,
    tlsPort: placement.tlsPort,
    certFile: join(placement.dataDir, 'bi/tls/cert.pem'),
    dataDir: placement.dataDir,
    async restart(settings, cpus) {
      await service.stop();
      service = await start(settings, cpus);
    },
    async stop() {
      await service.stop();
      rmSync(placement.dataDir, { recursive: true, force: true });
    },
  };
}

interface Item {
  id: string;
  datasetId?: string;
  /** Where the dataset lives when it is shared from another workspace. */
  datasetWorkspaceId?: string;
  name?: string;
  displayName?: string;
  embedUrl: string;
  reportType?: string;
  createReportEmbedURL?: string;
}

/** What a host application sees of the BI service through its REST API. */
export class PowerBiRest {
  private readonly url: string;
  private token = '';

  constructor(url: string) {
    this.url = url;
  }

  async signIn(): Promise<void> {
    const response = await fetch(`${this.url}/vitrina/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: demoServicePrincipal.clientId,
        client_secret: publishedDemoCredentials.servicePrincipalSecret,
        scope,
      }),
    });
    this.token = ((await response.json()) as { access_token: string }).access_token;
  }

  private async call<T>(path: string, body?: unknown, method?: string): Promise<T> {
    const response = await this.send(path, body, method);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** One REST call as it answers, errors included; a call with a body is a POST unless told. */
  send(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
    return fetch(`${this.url}/v1.0/myorg${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Renames a report: the bundled service's `PATCH` (decision 0238), as the portal calls it. */
  async renameReport(groupId: string, reportId: string, name: string): Promise<Item> {
    return this.call<Item>(`/groups/${groupId}/reports/${reportId}`, { name }, 'PATCH');
  }

  /** Power BI's Clone Report In Group, into the same workspace under `name`. */
  async cloneReport(groupId: string, reportId: string, name: string): Promise<Item> {
    return this.call<Item>(`/groups/${groupId}/reports/${reportId}/Clone`, { name });
  }

  /** Power BI's Delete Report In Group, as the portal calls it. */
  async deleteReport(groupId: string, reportId: string): Promise<void> {
    const response = await this.send(`/groups/${groupId}/reports/${reportId}`, undefined, 'DELETE');
    if (!response.ok) throw new Error(`delete ${reportId}: HTTP ${response.status}`);
  }

  async groupId(name: string): Promise<string> {
    const groups = await this.call<{ value: { id: string; name: string }[] }>('/groups');
    const group = groups.value.find((g) => g.name === name);
    if (!group) throw new Error(`No workspace named ${name}`);
    return group.id;
  }

  async report(groupId: string, name: string): Promise<Item> {
    const reports = await this.call<{ value: Item[] }>(`/groups/${groupId}/reports`);
    const report = reports.value.find((r) => r.name === name);
    if (!report)
      throw new Error(
        `No report named ${name}; there are ${reports.value.map((r) => r.name).join(', ')}`,
      );
    return report;
  }

  async firstDashboard(groupId: string): Promise<Item> {
    const dashboards = await this.call<{ value: Item[] }>(`/groups/${groupId}/dashboards`);
    if (!dashboards.value[0]) throw new Error('The workspace has no dashboard');
    return dashboards.value[0];
  }

  async reports(groupId: string): Promise<Item[]> {
    return (await this.call<{ value: Item[] }>(`/groups/${groupId}/reports`)).value;
  }

  async paginatedReport(groupId: string): Promise<Item> {
    const reports = await this.call<{ value: Item[] }>(`/groups/${groupId}/reports`);
    const report = reports.value.find((r) => r.reportType === 'PaginatedReport');
    if (!report) throw new Error('The workspace has no paginated report');
    return report;
  }

  async tiles(groupId: string, dashboardId: string): Promise<Item[]> {
    return (
      await this.call<{ value: Item[] }>(`/groups/${groupId}/dashboards/${dashboardId}/tiles`)
    ).value;
  }

  /** A multi-resource token for datasets only (what a Q&A embed needs). */
  async datasetToken(datasetIds: string[]): Promise<string> {
    const body = { datasets: datasetIds.map((id) => ({ id })), reports: [], targetWorkspaces: [] };
    return (await this.call<{ token: string }>('/GenerateToken', body)).token;
  }

  /** A View token for a report whose dataset filters rows by who is looking (an identity). */
  async identityToken(reportId: string, datasetId: string, username: string, roles: string[]) {
    const body = {
      reports: [{ id: reportId }],
      datasets: [{ id: datasetId }],
      identities: [{ username, roles, datasets: [datasetId] }],
    };
    return (await this.call<{ token: string }>('/GenerateToken', body)).token;
  }

  /** A multi-resource token that may edit a report and create reports in its workspace (Create). */
  async createToken(reportId: string, groupId: string): Promise<string> {
    const body = {
      reports: [{ id: reportId, allowEdit: true }],
      datasets: [],
      targetWorkspaces: [{ id: groupId }],
    };
    return (await this.call<{ token: string }>('/GenerateToken', body)).token;
  }

  async datasets(groupId: string): Promise<Item[]> {
    return (await this.call<{ value: Item[] }>(`/groups/${groupId}/datasets`)).value;
  }

  /** A token to create a report on one dataset of the workspace (Power BI's Create). */
  async createReportToken(groupId: string, datasetId: string): Promise<string> {
    const body = { accessLevel: 'Create', datasetId };
    return (await this.call<{ token: string }>(`/groups/${groupId}/reports/GenerateToken`, body))
      .token;
  }

  /** Imports a CSV file into a workspace as a one-table dataset (Power BI's Imports API). */
  async importCsv(groupId: string, name: string, csv: string): Promise<void> {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
    const response = await fetch(
      `${this.url}/v1.0/myorg/groups/${groupId}/imports?datasetDisplayName=${encodeURIComponent(name)}`,
      { method: 'POST', headers: { Authorization: `Bearer ${this.token}` }, body: form },
    );
    if (!response.ok)
      throw new Error(`import ${name}: HTTP ${response.status} ${await response.text()}`);
  }

  async embedToken(
    path: string,
    accessLevel: 'View' | 'Edit' = 'View',
    identities?: { username: string; roles: string[]; datasets: string[] }[],
  ): Promise<string> {
    const body = { accessLevel, ...(identities ? { identities } : {}) };
    return (await this.call<{ token: string }>(`${path}/GenerateToken`, body)).token;
  }

  /** Whether the dataset has row-level security: its tokens then need an effective identity. */
  async identityRequired(groupId: string, datasetId: string): Promise<boolean> {
    const dataset = await this.call<{ isEffectiveIdentityRequired?: boolean }>(
      `/groups/${groupId}/datasets/${datasetId}`,
    );
    return dataset.isEffectiveIdentityRequired === true;
  }
}
