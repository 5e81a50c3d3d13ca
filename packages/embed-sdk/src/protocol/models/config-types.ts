import type { PageView } from './report-types.ts';
import type { Permissions, QnaMode, TokenType, ViewMode } from './enums.ts';
import type { ReportLevelFilters } from './filter-types.ts';
import type { IApplyBookmarkRequest, IReportTheme, ISlicer } from './report-types.ts';
import type { IQnaSettings, ISettings } from './settings-types.ts';

export interface IReportLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  settings?: ISettings;
  pageName?: string;
  filters?: ReportLevelFilters[];
  slicers?: ISlicer[];
  permissions?: Permissions;
  viewMode?: ViewMode;
  tokenType?: TokenType;
  bookmark?: IApplyBookmarkRequest;
  theme?: IReportTheme;
  embedUrl?: string;
}

export interface IReportCreateConfiguration {
  accessToken: string;
  datasetId: string;
  groupId?: string;
  settings?: ISettings;
  tokenType?: TokenType;
  theme?: IReportTheme;
}

export interface IDashboardLoadConfiguration {
  accessToken: string;
  id: string;
  groupId?: string;
  pageView?: PageView;
  tokenType?: TokenType;
}

export interface ITileLoadConfiguration {
  accessToken: string;
  id: string;
  dashboardId: string;
  groupId?: string;
  pageView?: PageView;
  tokenType?: TokenType;
  width?: number;
  height?: number;
}

export interface ILoadQnaConfiguration {
  accessToken: string;
  datasetIds: string[];
  question?: string;
  viewMode?: QnaMode;
  settings?: IQnaSettings;
  tokenType?: TokenType;
  groupId?: string;
}

export interface IQnaInterpretInputData {
  question: string;
  datasetIds?: string[];
}

export interface ISaveAsParameters {
  name: string;
}
