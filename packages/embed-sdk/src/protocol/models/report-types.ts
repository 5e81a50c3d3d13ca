import type {
  BookmarksPlayMode,
  DisplayOption,
  ExportDataType,
  SectionVisibility,
  SortDirection,
  TraceType,
} from './enums.ts';
import type { IFilter, IFilterTarget, ISlicerFilter } from './filter-types.ts';
import type { SlicerSelector } from './selector-types.ts';
import type { ICustomPageSize, IVisualLayout } from './settings-types.ts';

export type PageView = 'fitToWidth' | 'oneColumn' | 'actualSize';

export interface IErrorInfo {
  key: string;
  value: string;
}

export interface ITechnicalDetails {
  requestId?: string;
  errorInfo?: IErrorInfo[];
}

/** The error payload frames send (in `error` events and as rejection bodies). */
export interface IError {
  message: string;
  detailedMessage?: string;
  errorCode?: string;
  level?: TraceType;
  technicalDetails?: ITechnicalDetails;
}

export interface IReport {
  id: string;
  displayName: string;
}

export interface IPage {
  name: string;
  displayName: string;
  isActive?: boolean;
  visibility?: SectionVisibility;
  defaultSize?: ICustomPageSize;
  defaultDisplayOption?: DisplayOption;
}

export interface IVisual {
  name: string;
  title: string;
  type: string;
  layout?: IVisualLayout;
}

export interface IReportBookmark {
  name: string;
  displayName: string;
  state?: string;
  children?: IReportBookmark[];
}

export interface IPlayBookmarkRequest {
  playMode: BookmarksPlayMode;
}

export interface IAddBookmarkRequest {
  state?: string;
  displayName?: string;
  apply?: boolean;
}

export interface IApplyBookmarkByNameRequest {
  name: string;
}

export interface IApplyBookmarkStateRequest {
  state: string;
}

export type IApplyBookmarkRequest = IApplyBookmarkByNameRequest | IApplyBookmarkStateRequest;

export interface IExportDataRequest {
  rows?: number;
  exportDataType?: ExportDataType;
}

export interface IExportDataResult {
  data: string;
}

export interface ISlicerState {
  filters: ISlicerFilter[];
}

export interface ISlicer {
  selector: SlicerSelector;
  state: ISlicerState;
}

export interface IReportTheme {
  themeJson?: unknown;
}

export interface ICustomTheme extends IReportTheme {
  themeJson: unknown;
}

export interface ISortByTarget {
  target: IFilterTarget;
  direction: SortDirection;
}

export interface ISortByVisualRequest {
  orderBy: ISortByTarget[];
}

export interface ICloneVisualRequest {
  filters?: IFilter[];
  layout?: IVisualLayout;
  autoFocus?: boolean;
}

export interface ICloneVisualResponse {
  visualName: string;
  visual?: IVisual;
}

export interface IPosition {
  x: number;
  y: number;
}

export interface ISwipeEvent {
  currentPosition: IPosition;
  startPosition: IPosition;
}

export interface IQnaVisualRenderedEvent {
  question: string;
  normalizedQuestion?: string;
}

export interface ICommandTriggeredEvent {
  command: string;
  page?: IPage;
  visual?: IVisual;
  [key: string]: unknown;
}

export interface IPageChangedEvent {
  newPage: IPage;
}
