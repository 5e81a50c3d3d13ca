/**
 * The BI service's embed-API shapes the frame reads and sends: the contract's types
 * (@vitrina/bi-model, docs/bi-embed-api.md), gathered for the frame's modules.
 */
export type {
  Cell,
  DashboardTile,
  DataRole,
  DataType,
  DatasetSchema,
  DatePart,
  EmbedDashboard,
  EmbedReport,
  ExportRequest,
  FieldRef,
  PageDefinition,
  PaginatedDefinition,
  QnaAnswer,
  Query,
  QueryResult,
  ReportDefinition,
  VisualDefinition,
  VisualLayout,
  VisualType,
} from '@vitrina/bi-model';
export { isPaginated } from '@vitrina/bi-model';
