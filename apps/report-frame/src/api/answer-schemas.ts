/**
 * The Zod schemas of what the frame checks (answer-check.ts), by the names its shapes take, in two
 * tables: the view's and the editor's. They are the contract the shapes are written from (scripts/write-answer-shapes.ts) and the fuzz test holds the
 * check to. The frame itself imports only their types, so it ships no Zod (decision 0316).
 */
import {
  aggregationSchema,
  authoringReportSchema,
  biErrorBodySchema,
  embedDashboardSchema,
  embedDatasetSchema,
  fieldRefSchema,
  qnaAnswerSchema,
  queryBatchLineSchema,
  queryResultSchema,
  revisionResponseSchema,
  savedReportSchema,
  visualFormatSchema,
  visualNumberFormatSchema,
} from '@vitrina/bi-model';

export const answerSchemas = {
  AuthoringReport: authoringReportSchema,
  QueryBatchLine: queryBatchLineSchema,
  QueryResult: queryResultSchema,
  EmbedDashboard: embedDashboardSchema,
  QnaAnswer: qnaAnswerSchema,
  BiErrorBody: biErrorBodySchema,
  VisualFormat: visualFormatSchema,
  VisualNumberFormat: visualNumberFormatSchema,
};

/** The editor's, in its own chunk: a dragged field, an aggregation, the authoring answers. */
export const editorSchemas = {
  FieldRef: fieldRefSchema,
  Aggregation: aggregationSchema,
  RevisionResponse: revisionResponseSchema,
  SavedReport: savedReportSchema,
  EmbedDataset: embedDatasetSchema,
};

export type AnswerSchemas = typeof answerSchemas & typeof editorSchemas;
