/**
 * The Zod schemas of the BI service's answers, in a chunk of their own: the frame loads it only
 * when its quick check (answer-check.ts) cannot vouch for an answer, and when the editor opens,
 * which builds schemas anyway. Evaluating this module builds the schemas.
 */
import {
  authoringReportSchema,
  biErrorBodySchema,
  embedDashboardSchema,
  qnaAnswerSchema,
  queryBatchLineSchema,
  queryResultSchema,
  readVisualFormat,
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

export type AnswerSchemas = typeof answerSchemas;
export { readVisualFormat };
