import {
  authoringReportSchema,
  embedDashboardSchema,
  embedDatasetSchema,
  embedReportQuerySchema,
  exportRequestSchema,
  newReportRequestSchema,
  qnaAnswerSchema,
  qnaRequestSchema,
  queryBatchRequestSchema,
  queryResultSchema,
  querySchema,
  revisionResponseSchema,
  savedReportSchema,
  saveRevisionRequestSchema,
} from '@vitrina/bi-model';
import { z } from 'zod';
import { powerBiErrors } from '../../http/error-schemas.ts';

/**
 * Request and response schemas of the embed API: the shapes come from the BI contract
 * (`@vitrina/bi-model`); only the path parameters are this service's own.
 */
const reportParams = z.object({ reportId: z.string() });
const dashboardParams = z.object({ dashboardId: z.string() });
const datasetParams = z.object({ datasetId: z.string().min(1).max(100) });

/** Save As (from a report) and Create (on a dataset) both take a new report and answer the saved one. */
const newReport = {
  body: newReportRequestSchema,
  response: { 200: savedReportSchema, ...powerBiErrors },
};

export const embedApi = {
  report: {
    params: reportParams,
    querystring: embedReportQuerySchema,
    response: { 200: authoringReportSchema, ...powerBiErrors },
  },
  revision: {
    params: reportParams,
    body: saveRevisionRequestSchema,
    response: { 200: revisionResponseSchema, ...powerBiErrors },
  },
  saveAs: { params: reportParams, ...newReport },
  create: { params: datasetParams, ...newReport },
  datasetForCreate: {
    params: datasetParams,
    response: { 200: embedDatasetSchema, ...powerBiErrors },
  },
  dashboard: { params: dashboardParams, response: { 200: embedDashboardSchema, ...powerBiErrors } },
  query: {
    params: datasetParams,
    body: querySchema,
    response: { 200: queryResultSchema, ...powerBiErrors },
  },
  queries: {
    params: datasetParams,
    body: queryBatchRequestSchema,
    // NDJSON (application/x-ndjson): one QueryBatchLine per query, streamed as each one ends.
    response: { 200: z.string(), ...powerBiErrors },
  },
  export: {
    params: datasetParams,
    body: exportRequestSchema,
    // CSV text (text/csv).
    response: { 200: z.string(), ...powerBiErrors },
  },
  qna: {
    params: datasetParams,
    body: qnaRequestSchema,
    response: { 200: qnaAnswerSchema, ...powerBiErrors },
  },
} as const;
