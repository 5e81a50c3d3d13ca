import { Dashboard } from './dashboard.ts';
import type { Embed } from './embed.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import { Qna } from './qna.ts';
import { Report } from './report.ts';
import type { IEmbedHost } from './embed-host.ts';
import { Tile } from './tile.ts';
import { Visual } from './visual.ts';

export type ComponentBuilder = (
  service: IEmbedHost,
  element: HTMLElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
) => Embed;

/** The embeddable types by their lowercase name (matching is case-sensitive, as in 2.8.0). */
export const components: Record<string, ComponentBuilder> = {
  tile: (s, e, c, p, b) => new Tile(s, e, c, p, b),
  report: (s, e, c, p, b) => new Report(s, e, c, p, undefined, b),
  dashboard: (s, e, c, p, b) => new Dashboard(s, e, c, p, b),
  qna: (s, e, c, p, b) => new Qna(s, e, c, p, b),
  visual: (s, e, c, p, b) => new Visual(s, e, c, p, undefined, b),
};

/** Bootstrap embed pages per type, on `hostname`. */
export const embedPages: Record<string, string> = {
  report: 'reportEmbed',
  visual: 'reportEmbed',
  dashboard: 'dashboardEmbed',
  tile: 'embed',
  qna: 'qnaEmbed',
};

/** Inbound event routes: URL pattern → event type. */
export const eventRoutes: [string, string][] = [
  ['/reports/:uniqueId/events/:eventName', 'report'],
  ['/reports/:uniqueId/pages/:pageName/events/:eventName', 'report'],
  ['/reports/:uniqueId/pages/:pageName/visuals/:visualName/events/:eventName', 'report'],
  ['/dashboards/:uniqueId/events/:eventName', 'dashboard'],
  ['/tile/:uniqueId/events/:eventName', 'tile'],
  ['/qna/:uniqueId/events/:eventName', 'qna'],
];
