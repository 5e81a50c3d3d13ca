/**
 * The frame's only network peer: the BI service's embed API, on the page's own origin. The embed
 * token travels in the Authorization header of these calls and nowhere else.
 */
import {
  CodedHttpError,
  type AuthoringReport,
  type EmbedDashboard,
  type EmbedReportQuery,
  type ExportRequest,
  type PowerBiErrorCode,
  type QnaAnswer,
  type Query,
  type QueryBatchLine,
  type QueryResult,
} from '@vitrina/bi-model';
import {
  answerShapes,
  refusalText,
  type Answer,
  type AnswerShape,
  type Checked,
  type Shapes,
} from './answer-check.ts';
import { readLines } from './ndjson.ts';

/**
 * The BI service's codes that the frame passes on to the host (its messages name each); any other
 * failure is the frame's own `LoadReportFailed`.
 */
const PASSED_ON = [
  'TokenExpired',
  'PowerBIEntityNotFound',
  'PowerBINotAuthorizedException',
  'InvalidRequest',
  'ReportRevisionConflict',
] as const satisfies readonly PowerBiErrorCode[];
type PassedOnCode = (typeof PASSED_ON)[number];
export type BiErrorCode = PassedOnCode | 'LoadReportFailed';
const passedOn = (code: string): PassedOnCode | undefined =>
  PASSED_ON.find((passed) => passed === code);

/** A failed call to the BI service: its status (0 when it never answered) and what to pass on. */
export class BiError extends CodedHttpError<BiErrorCode> {
  override name = 'BiError';
}

async function toBiError(response: Response): Promise<BiError> {
  let code: BiErrorCode = 'LoadReportFailed';
  let message = `HTTP ${response.status}`;
  const body = answerShapes.check('BiErrorBody', await response.json().catch(() => undefined));
  if (body.ok) {
    code = passedOn(body.value.error.code) ?? code;
    message = body.value.error.message || message;
  }
  if (code === 'LoadReportFailed' && response.status === 404) code = 'PowerBIEntityNotFound';
  if (code === 'LoadReportFailed' && (response.status === 401 || response.status === 403)) {
    code = 'PowerBINotAuthorizedException';
  }
  return new BiError(response.status, code, message);
}

/**
 * An answer outside the contract (docs/bi-embed-api.md) fails the load, naming the refused value's
 * path and why (decision 0316).
 */
function accepted<T>(checked: Checked<T>, status: number): T {
  if (checked.ok) return checked.value;
  const message = `Unexpected answer from the BI service at ${refusalText(checked)}`;
  throw new BiError(status, 'LoadReportFailed', message);
}

/** An answer checked against one of `shapes`: the view's, or the editor's for its own calls. */
export async function answered<N extends AnswerShape, S extends N>(
  response: Response,
  shapes: Shapes<N>,
  shape: S,
): Promise<Answer<S>> {
  const value: unknown = await response.json().catch(() => undefined);
  return accepted(shapes.check(shape, value), response.status);
}

interface PendingResult {
  resolve: (result: QueryResult) => void;
  reject: (error: unknown) => void;
}

/** Settles each query's promise from its line of a batch answer; unanswered ones fail at the end. */
async function settleFromLines(response: Response, pending: PendingResult[]): Promise<void> {
  const open = new Set(pending.keys());
  const settle = (line: QueryBatchLine) => {
    const target = pending[line.index];
    if (!target || !open.delete(line.index)) return;
    if ('result' in line) target.resolve(line.result);
    else {
      const code = passedOn(line.error.code) ?? 'LoadReportFailed';
      target.reject(new BiError(400, code, line.error.message));
    }
  };
  // A refused line ends the reading: it and the lines after it fail with its refusal.
  await readLines(response, (text) =>
    settle(accepted(answerShapes.check('QueryBatchLine', JSON.parse(text)), response.status)),
  );
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
    return answered(response, answerShapes, 'AuthoringReport');
  }

  async getDashboard(dashboardId: string): Promise<EmbedDashboard> {
    const response = await this.send(`/v1.0/embed/dashboards/${encodeURIComponent(dashboardId)}`);
    return answered(response, answerShapes, 'EmbedDashboard');
  }

  async query(datasetId: string, query: Query): Promise<QueryResult> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/query`,
      query,
    );
    return answered(response, answerShapes, 'QueryResult');
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
    return answered(response, answerShapes, 'QnaAnswer');
  }

  async exportCsv(datasetId: string, request: ExportRequest): Promise<string> {
    const response = await this.postJson(
      `/v1.0/embed/datasets/${encodeURIComponent(datasetId)}/export`,
      request,
    );
    return response.text();
  }
}
