import { models } from './protocol/index.ts';
import { withDefaultSettings } from './defaults.ts';
import { Embed } from './embed.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import { findQueryIdInUrl, requireId } from './id-from-url.ts';
import type { OwnFrameEmbedArgs } from './own-frame-embed.ts';

/** An embedded dashboard tile. Its events arrive on the singular `/tile/:uid/events/...` route. */
export class Tile extends Embed {
  static override allowedEvents = ['tileClicked', 'tileLoaded'];
  static override type = 'Tile';

  constructor(...[service, element, config, phasedRender, isBootstrap]: OwnFrameEmbedArgs) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/tile/load';
    this.allowedEvents.push(...Tile.allowedEvents);
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findQueryIdInUrl('tileId', url);
  }

  getId(): string {
    return requireId(
      [this.config.id, Tile.findIdFromEmbedUrl(this.config.embedUrl ?? '')],
      'Tile id is required, but it was not found. You must provide an id either as part of embed configuration.',
    );
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateTileLoad(config);
  }

  override populateConfig(baseConfig: IEmbedConfigurationBase, isBootstrap?: boolean): void {
    super.populateConfig(baseConfig, isBootstrap);
    const config = withDefaultSettings(this.config);
    if (!isBootstrap) config.id = this.getId();
    this.config = config;
  }
}
