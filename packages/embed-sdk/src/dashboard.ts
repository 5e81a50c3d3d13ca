import { models } from './protocol/index.ts';
import { withDefaultSettings } from './defaults.ts';
import { Embed } from './embed.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import { findQueryIdInUrl, requireId } from './id-from-url.ts';
import type { OwnFrameEmbedArgs } from './own-frame-embed.ts';

/** An embedded dashboard. */
export class Dashboard extends Embed {
  static override allowedEvents = ['tileClicked', 'error'];
  static dashboardIdAttribute = 'powerbi-dashboard-id';
  static override typeAttribute = 'powerbi-type';
  static override type = 'Dashboard';

  constructor(...[service, element, config, phasedRender, isBootstrap]: OwnFrameEmbedArgs) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/dashboard/load';
    this.phasedLoadPath = '/dashboard/prepare';
    this.allowedEvents.push(...Dashboard.allowedEvents);
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findQueryIdInUrl('dashboardId', url);
  }

  getId(): string {
    return requireId(
      [
        this.config.id,
        this.element.getAttribute(Dashboard.dashboardIdAttribute),
        Dashboard.findIdFromEmbedUrl(this.config.embedUrl ?? ''),
      ],
      `Dashboard id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute '${Dashboard.dashboardIdAttribute}'.`,
    );
  }

  /** The models validator, then 2.8.0's own pageView check (unreachable in practice: models checks first). */
  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    const errors = models.validateDashboardLoad(config);
    if (errors) return errors;
    const pageView = (config as { pageView?: unknown }).pageView;
    if (
      pageView &&
      pageView !== 'fitToWidth' &&
      pageView !== 'oneColumn' &&
      pageView !== 'actualSize'
    ) {
      return [
        { message: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize' },
      ];
    }
    return undefined;
  }

  override populateConfig(baseConfig: IEmbedConfigurationBase, isBootstrap?: boolean): void {
    super.populateConfig(baseConfig, isBootstrap);
    const config = withDefaultSettings(this.config);
    if (!isBootstrap) config.id = this.getId();
    this.config = config;
  }
}
