/**
 * The frame's only network peer: the BI service's embed API, on the page's own origin. The embed
 * token travels in the Authorization header of these calls and nowhere else.
 */
import {
  authoringReportSchema,
  biErrorBodySchema,
  CodedHttpError,
  embedDashboardSchema,
  qnaAnswerSchema,
  queryBatchLineSchema,
  queryResultSchema,
  type EmbedDashboard,
  type EmbedReportQuery,
  powerBiErrorCodeSchema,
  type AuthoringReport,
  type ExportRequest,
  type QnaAnswer,
  type Query,
  type QueryResult,
} from '@vitrina/bi-model';
import type { z } from 'zod';
import { readLines } from './ndjson.ts';

/**
 * The BI service's codes that the frame passes on to the host (its messages name each); any other
 * failure is the frame's own `LoadReportFailed`.
 */
const passedOnCodes = powerBiErrorCodeSchema.extract([
  'TokenExpired',
  'PowerBIEntityNotFound',
  'PowerBINotAuthorizedException',
  'InvalidRequest',
  'ReportRevisionConflict',
]);
export type BiErrorCode = z.infer<typeof passedOnCodes> | 'LoadReportFailed';
const passedOn = (code: string) => passedOnCodes.safeParse(code).data;

/** A failed call to the BI service: its status (0 when it never answered) and what to pass on. */
export class BiError extends CodedHttpError<BiErrorCode> {
  override name = 'BiError';
}

async function toBiError(response: Response): Promise<BiError> {
  let code: BiErrorCode = 'LoadReportFailed';
  let message = `HTTP ${response.status}`;
  const body = biErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (body.success) {
    code = passedOn(body.data.error.code) ?? code;
    message = body.data.error.message || message;
  }
  if (code === 'LoadReportFailed' && response.status === 404) code = 'PowerBIEntityNotFound';
  if (code === 'LoadReportFailed' && (response.status === 401 || response.status === 403)) {
    code = 'PowerBINotAuthorizedException';
  }
  return new BiError(response.status, code, message);
}

/** An answer outside the contract (docs/bi-embed-api.md) fails the load, naming the field. */
export async function parsed<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  return parsedValue(await response.json().catch(() => undefined), schema, response.status);
}

function parsedValue<T>(value: unknown, schema: z.ZodType<T>, status: number): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new BiError(
    status,
    'LoadReportFailed',
    `Unexpected answer from the BI service at ${field}: ${issue?.message ?? 'invalid'}`,
  );
}

interface PendingResult {
  resolve: (result: QueryResult) => void;
  reject: (error: unknown) => void;
}

/** Settles each query's promise from its line of a batch answer; unanswered ones fail at the end. */
async function settleFromLines(response: Response, pending: PendingResult[]): Promise<void> {
  const open = new Set(pending.keys());
  await readLines(response, (text) => {
    const line = parsedValue(JSON.parse(text) as unknown, queryBatchLineSchema, response.status);
    const target = pending[line.index];
    if (!target || !open.delete(line.index)) return;
    if ('result' in line) target.resolve(line.result);
    else {
      const code = passedOn(line.error.code) ?? 'LoadReportFailed';
      target.reject(new BiError(400, code, line.error.message));
    }
  });
  const missing = new BiError(0, 'LoadReportFailed', 'The BI service left a query unanswered');
  for (const index of open) pending[index]!.reject(missing);
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

  async send(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, Authorization: `EmbedToken ${this.token}` },
        credentials: 'omit',
      });
    } catch (cause) {
      throw new BiError(
        0,
        'LoadReportFailed',
        cause instanceof Error ? cause.message : String(cause),
      );
    }
    if (!response.ok) throw await toBiError(response);
    return response;
  }

  async postJson(path: string, body: unknown): Promise<Response> {
    return this.send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** The report; with `query.startPage`, the service also starts that page's queries now. */
  async getReport(
    reportId: string,
    { startPage }: EmbedReportQuery = {},
  ): Promise<AuthoringReport> {
    const search = startPage === undefined ? '' : `?${new URLSearchParams({ startPage })}`;
    const response = await this.send(
      `/v1.0/embed/reports/${encodeURIComponent(reportId)}${search}`,
    );
    return parsed(response, authoringReportSchema);
  }

  async getDashboard(dashboardId: string): Promise<EmbedDashboard> {
    const response = await this.send(`/v1.0/embed/dashboards/${encodeURIComponent(dashboardId)}`);
    return parsed(response, embedDashboardSchema);
  }

  async query(datasetId: string, query: Query): Promise<QueryResult> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/query`,
      query,
    );
    return parsed(response, queryResultSchema);
  }

  /**
   * A page's queries in one call (docs/bi-embed-api.md `QueryBatchRequest`): one promise per
   * query, each settled as soon as its line of the streamed answer arrives.
   */
  queryBatch(datasetId: string, queries: readonly Query[]): Promise<QueryResult>[] {
    const pending: PendingResult[] = [];
    const answers = queries.map(
      () => new Promise<QueryResult>((resolve, reject) => pending.push({ resolve, reject })),
    );
    const path = `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/queries`;
    this.postJson(path, { queries })
      .then((response) => settleFromLines(response, pending))
      .catch((error: unknown) => {
        // Settling an already settled promise does nothing: only the unanswered ones fail.
        const failure =
          error instanceof BiError
            ? error
            : new BiError(
                0,
                'LoadReportFailed',
                error instanceof Error ? error.message : String(error),
              );
        for (const { reject } of pending) reject(failure);
      });
    return answers;
  }

  async qna(datasetId: string, question: string): Promise<QnaAnswer> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/qna`,
      { question },
    );
    return parsed(response, qnaAnswerSchema);
  }

  async exportCsv(datasetId: string, request: ExportRequest): Promise<string> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/export`,
      request,
    );
    return response.text();
  }
}
