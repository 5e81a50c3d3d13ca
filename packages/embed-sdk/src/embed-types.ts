import type { models } from './protocol/index.ts';
import type { ICustomEvent } from './event-types.ts';

/** Locale parameters appended to the embed URL as `language` and `formatLocale`. */
export interface ILocaleSettings {
  language?: string;
  formatLocale?: string;
}

/** SDK-side settings that ride along with the models settings. */
export interface ISettings {
  localeSettings?: ILocaleSettings;
}

export type IEmbedSettings = models.ISettings & ISettings;

/** What every embed config has. */
export interface IEmbedConfigurationBase {
  settings?: IEmbedSettings;
  embedUrl?: string;
  uniqueId?: string;
  type?: string;
  accessToken?: string;
  tokenType?: models.TokenType;
  groupId?: string;
}

/** The config of report, dashboard, tile and create embeds (2.8.0's `IEmbedConfiguration`). */
export interface IEmbedConfiguration extends IEmbedConfigurationBase {
  id?: string;
  settings?: IEmbedSettings;
  pageName?: string;
  filters?: models.IFilter[];
  pageView?: models.PageView;
  datasetId?: string;
  permissions?: models.Permissions;
  viewMode?: models.ViewMode;
  action?: string;
  dashboardId?: string;
  height?: number;
  width?: number;
  theme?: models.IReportTheme;
  bookmark?: models.IApplyBookmarkRequest;
  [key: string]: unknown;
}

export interface IVisualEmbedConfiguration extends IEmbedConfiguration {
  visualName: string;
}

/** A handler recorded by `on()`: `test` matches an event by name, `handle` is the host's handler. */
export interface IInternalEventHandler<T> {
  test(event: { name: string }): boolean;
  handle(event: ICustomEvent<T>): unknown;
}
