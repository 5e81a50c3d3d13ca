import { models } from './protocol/index.ts';
import { Defaults } from './defaults.ts';
import { Embed } from './embed.ts';
import type { IEmbedConfiguration, IEmbedConfigurationBase } from './embed-types.ts';
import { findQueryIdInUrl, requireId } from './id-from-url.ts';
import type { IEmbedHost } from './embed-host.ts';
import { isSavedInternal } from './util.ts';

/** "Create report" mode: its iframe `load` sends `/report/create` with the create config. */
export class Create extends Embed {
  constructor(
    service: IEmbedHost,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender);
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findQueryIdInUrl('datasetId', url);
  }

  getId(): string {
    return requireId(
      [this.createConfig?.datasetId, Create.findIdFromEmbedUrl(this.config.embedUrl ?? '')],
      'Dataset id is required, but it was not found. You must provide an id either as part of embed configuration.',
    );
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateCreateReport(config);
  }

  /** Adds the default settings and builds `createConfig` from the populated config. */
  override populateConfig(baseConfig: IEmbedConfigurationBase): void {
    super.populateConfig(baseConfig);
    const settings = { ...Defaults.defaultSettings, ...baseConfig.settings };
    const config: IEmbedConfiguration = { settings, ...this.config };
    this.config = config;
    this.createConfig = {
      accessToken: config.accessToken ?? '',
      datasetId: config.datasetId || this.getId(),
      groupId: config.groupId,
      settings,
      tokenType: config.tokenType,
      theme: config.theme,
    } as models.IReportCreateConfiguration;
  }

  /** True when there are no unsaved changes (no RDL guard, as 2.8.0). */
  isSaved(): Promise<boolean> {
    return isSavedInternal(this.service.hpm, this.config.uniqueId ?? '', this.iframe.contentWindow);
  }
}
