/** What every filter editor receives: the report, the filter it edits, and where to apply the edit. */
import type { FrameFilter } from '../../query/filter-types.ts';
import type { ReportController } from '../report-controller.ts';

export interface EditorProps {
  controller: ReportController;
  filter: FrameFilter;
  onApply(filter: FrameFilter): void;
}
