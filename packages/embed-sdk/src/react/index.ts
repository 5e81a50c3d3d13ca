export {
  EmbeddedReport,
  type EmbeddedReportProps,
  type EventHandlerMap,
} from './embedded-report.tsx';
