/**
 * The frame's only network peer: the BI service's embed API, on the page's own origin. The embed
 * token travels in the Authorization header of these calls and nowhere else.
 */
import type {
  EmbedDashboard,
  EmbedReport,
  ExportRequest,
  QnaAnswer,
  Query,
  QueryResult,
} from './types.ts';

export type BiErrorCode =
  | 'TokenExpired'
  | 'PowerBIEntityNotFound'
  | 'PowerBINotAuthorizedException'
  | 'LoadReportFailed'
  | 'InvalidRequest';

export class BiError extends Error {
  readonly code: BiErrorCode;
  readonly status: number;
  constructor(code: BiErrorCode, message: string, status: number) {
    super(message);
    this.name = 'BiError';
    this.code = code;
    this.status = status;
  }
}

const KNOWN_CODES = new Set<string>([
  'TokenExpired',
  'PowerBIEntityNotFound',
  'PowerBINotAuthorizedException',
  'InvalidRequest',
]);

async function toBiError(response: Response): Promise<BiError> {
  let code = 'LoadReportFailed';
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.code && KNOWN_CODES.has(body.error.code)) code = body.error.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not JSON: keep the status line
  }
  if (code === 'LoadReportFailed' && response.status === 404) code = 'PowerBIEntityNotFound';
  if (code === 'LoadReportFailed' && (response.status === 401 || response.status === 403)) {
    code = 'PowerBINotAuthorizedException';
  }
  return new BiError(code as BiErrorCode, message, response.status);
}

export class BiClient {
  private token: string;
  private readonly baseUrl: string;

  constructor(token: string, baseUrl = '') {
    this.token = token;
    this.baseUrl = baseUrl;
  }

  setToken(token: string): void {
    this.token = token;
  }

  private async send(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, Authorization: `EmbedToken ${this.token}` },
        credentials: 'omit',
      });
    } catch (cause) {
      throw new BiError(
        'LoadReportFailed',
        cause instanceof Error ? cause.message : String(cause),
        0,
      );
    }
    if (!response.ok) throw await toBiError(response);
    return response;
  }

  private async postJson(path: string, body: unknown): Promise<Response> {
    return this.send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async getReport(reportId: string): Promise<EmbedReport> {
    return (
      await this.send(`/v1.0/embed/reports/${encodeURIComponent(reportId)}`)
    ).json() as Promise<EmbedReport>;
  }

  async getDashboard(dashboardId: string): Promise<EmbedDashboard> {
    const response = await this.send(`/v1.0/embed/dashboards/${encodeURIComponent(dashboardId)}`);
    return response.json() as Promise<EmbedDashboard>;
  }

  async query(datasetId: string, query: Query): Promise<QueryResult> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/query`,
      query,
    );
    return response.json() as Promise<QueryResult>;
  }

  async qna(datasetId: string, question: string): Promise<QnaAnswer> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/qna`,
      { question },
    );
    return response.json() as Promise<QnaAnswer>;
  }

  async exportCsv(datasetId: string, request: ExportRequest): Promise<string> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/export`,
      request,
    );
    return response.text();
  }
}
