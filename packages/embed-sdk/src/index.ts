/**
 * The embedding SDK, API- and wire-compatible with powerbi-client 2.8.0. The runtime exports are
 * exactly 2.8.0's; like 2.8.0, importing it creates the page's `window.powerbi` Service.
 */
import * as factories from './factories.ts';
import { installGlobalService } from './global-service.ts';
import * as service from './service.ts';

export { service, factories };
export { models } from './protocol/index.ts';
export { Report } from './report.ts';
export { Dashboard } from './dashboard.ts';
export { Tile } from './tile.ts';
export { Embed } from './embed.ts';
export { Page } from './page.ts';
export { Qna } from './qna.ts';
export { Visual } from './visual.ts';
export { VisualDescriptor } from './visual-descriptor.ts';
export type { IFilterable } from './ifilterable.ts';
export type {
  IEmbedConfiguration,
  IEmbedConfigurationBase,
  IEmbedSettings,
  ILocaleSettings,
} from './embed-types.ts';
export type { IServiceConfiguration } from './service-types.ts';

installGlobalService();
