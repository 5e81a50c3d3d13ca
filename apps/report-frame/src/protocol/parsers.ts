/**
 * Typed parsers beside the protocol core's validators: each one checks a request body with the
 * validator and returns it typed, or throws the validator's IError[] as a 400. Routes read bodies
 * only through these, never by casting.
 */
import {
  validateApplyBookmarkByNameRequest,
  validateApplyBookmarkStateRequest,
  validateCreateReport,
  validateCustomTheme,
  validateDashboardLoad,
  validateExportDataRequest,
  validateFilter,
  validateLoadQnaConfiguration,
  validatePage,
  validatePlayBookmarkRequest,
  validateQnaInterpretInputData,
  validateReportLoad,
  validateSettings,
  validateSlicerState,
  validateTileLoad,
  type IApplyBookmarkByNameRequest,
  type IApplyBookmarkStateRequest,
  type ICustomTheme,
  type IDashboardLoadConfiguration,
  type IExportDataRequest,
  type ILoadQnaConfiguration,
  type IPage,
  type IPlayBookmarkRequest,
  type IQnaInterpretInputData,
  type IReportCreateConfiguration,
  type IReportLoadConfiguration,
  type ITileLoadConfiguration,
} from '@vitrina/embed-sdk/protocol';
import { isRecord } from '../lib/is-record.ts';
import type { FilterTarget, FrameFilter } from '../query/filter-types.ts';
import type { FrameSettings } from '../state/report-state.ts';
import { badRequest, RequestError } from './request-error.ts';

type Validator = (input: unknown) => { message: string }[] | undefined;

/** The one place a body becomes its type: the validator has just vouched for its shape. */
function parserOf<T>(validate: Validator): (body: unknown) => T {
  return (body) => {
    const errors = validate(body);
    if (errors) throw new RequestError(400, errors);
    return body as T;
  };
}

/** A report load config as the frame reads it: its settings and filters in the frame's own terms. */
export type ReportLoad = Omit<IReportLoadConfiguration, 'settings' | 'filters'> & {
  settings?: FrameSettings & { hideErrors?: boolean };
  filters?: FrameFilter[];
};

export const parseReportLoad = parserOf<ReportLoad>(validateReportLoad);
export const parseCreateReport = parserOf<IReportCreateConfiguration>(validateCreateReport);
export const parseDashboardLoad = parserOf<IDashboardLoadConfiguration>(validateDashboardLoad);
export const parseTileLoad = parserOf<ITileLoadConfiguration>(validateTileLoad);
export const parseQnaLoad = parserOf<ILoadQnaConfiguration>(validateLoadQnaConfiguration);
export const parseQnaInterpret = parserOf<IQnaInterpretInputData>(validateQnaInterpretInputData);
export const parsePage = parserOf<IPage>(validatePage);
export const parseSettings = parserOf<FrameSettings>(validateSettings);
export const parseCustomTheme = parserOf<ICustomTheme | null>(validateCustomTheme);
export const parseApplyBookmarkByName = parserOf<IApplyBookmarkByNameRequest>(
  validateApplyBookmarkByNameRequest,
);
export const parseApplyBookmarkState = parserOf<IApplyBookmarkStateRequest>(
  validateApplyBookmarkStateRequest,
);
export const parsePlayBookmark = parserOf<IPlayBookmarkRequest>(validatePlayBookmarkRequest);
export const parseExportDataRequest = parserOf<IExportDataRequest | null | undefined>(
  validateExportDataRequest,
);
const parseFilter = parserOf<FrameFilter>(validateFilter);

export function parseFilters(body: unknown): FrameFilter[] {
  if (!Array.isArray(body)) throw badRequest('filters must be an array');
  return body.map(parseFilter);
}

/** A slicer state's filters (the validator checks the state; each filter is checked again). */
export function parseSlicerFilters(body: unknown): FrameFilter[] {
  const errors = validateSlicerState(body);
  if (errors) throw new RequestError(400, errors);
  return parseFilters(isRecord(body) ? (body['filters'] ?? []) : []);
}

/** `sortBy`: the target and direction (1 ascending, 2 descending) are required. */
export function parseSortBy(body: unknown): { orderBy: FilterTarget; direction: 1 | 2 } {
  const orderBy = isRecord(body) ? body['orderBy'] : undefined;
  const direction = isRecord(body) ? body['direction'] : undefined;
  if (!isFilterTarget(orderBy) || (direction !== 1 && direction !== 2))
    throw badRequest('orderBy and direction (1 or 2) are required');
  return { orderBy, direction };
}

function isFilterTarget(value: unknown): value is FilterTarget {
  if (!isRecord(value) || typeof value['table'] !== 'string') return false;
  return ['column', 'measure', 'hierarchyLevel'].some((key) => typeof value[key] === 'string');
}

/** `/x/token`: the new access token is the whole body. */
export function parseAccessToken(body: unknown): string {
  if (typeof body !== 'string' || body.length === 0)
    throw badRequest('accessToken must be a string');
  return body;
}

/** `/report/render` may name the page to show first. */
export function parseRenderConfig(body: unknown): { pageName: string | undefined } {
  const pageName = isRecord(body) ? body['pageName'] : undefined;
  return { pageName: typeof pageName === 'string' ? pageName : undefined };
}

/** `/frontload/config` carries the config of the load that follows; its `type` names the kind. */
export function frontloadKind(body: unknown): 'report' | 'dashboard' | 'tile' | 'qna' {
  const type = isRecord(body) && typeof body['type'] === 'string' ? body['type'].toLowerCase() : '';
  if (type === 'dashboard' || type === 'tile' || type === 'qna') return type;
  return 'report';
}
