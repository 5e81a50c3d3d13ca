import { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import type { IEmbedConfigurationBase, IVisualEmbedConfiguration } from './embed-types.ts';
import type { Page } from './page.ts';
import { Report } from './report.ts';
import { bodyOf, envelopeOf } from './util.ts';

/**
 * A single embedded visual: a report whose custom layout hides everything but one visual.
 * Filters go to the report, the page or the visual by level.
 */
export class Visual extends Report {
  static override type = 'visual';
  static GetPagesNotSupportedError = 'Get pages is not supported while embedding a visual.';
  static SetPageNotSupportedError = 'Set page is not supported while embedding a visual.';

  /**
   * Forces the one-visual custom layout into `config.settings` (mutating it, as 2.8.0 does) and
   * loads through `/report/load`. Size: `config.width`/`height`, else the iframe's.
   */
  override load(baseConfig: IEmbedConfigurationBase, phasedRender?: boolean): Promise<void> {
    const config = baseConfig as IVisualEmbedConfiguration;
    assertVisualTarget(config);
    const width = config.width ? config.width : this.iframe.offsetWidth;
    const height = config.height ? config.height : this.iframe.offsetHeight;
    const pageSize = { type: models.PageSizeType.Custom, width, height };
    const visible = {
      displayState: { mode: models.VisualContainerDisplayMode.Visible },
      x: 1,
      y: 1,
      z: 1,
      width,
      height,
    };
    const pagesLayout = {
      [config.pageName as string]: {
        defaultLayout: { displayState: { mode: models.VisualContainerDisplayMode.Hidden } },
        visualsLayout: { [config.visualName]: visible },
      },
    };
    const settings = (config.settings = config.settings || {});
    settings.filterPaneEnabled = false;
    settings.navContentPaneEnabled = false;
    settings.layoutType = models.LayoutType.Custom;
    settings.customLayout = {
      displayOption: models.DisplayOption.FitToPage,
      pageSize,
      pagesLayout,
    };
    return super.load(config, phasedRender);
  }

  /**
   * Checks the page and visual names before the report validator, so `embed()` reports them
   * synchronously (2.8.0 threw them later, from the iframe's load handler).
   */
  override validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    assertVisualTarget(config as IVisualEmbedConfiguration);
    return super.validate(config);
  }

  /** Throws a string: 2.8.0's contract for visual embeds. */
  override getPages(): Promise<Page[]> {
    // eslint-disable-next-line no-restricted-syntax -- 2.8.0 throws this plain string synchronously; host code catches it as such
    throw 'Get pages is not supported while embedding a visual.';
  }

  /** Throws a string: 2.8.0's contract for visual embeds. */
  override setPage(_pageName: string): Promise<IHttpPostMessageResponse<void>> {
    // eslint-disable-next-line no-restricted-syntax -- 2.8.0 throws this plain string synchronously; host code catches it as such
    throw 'Set page is not supported while embedding a visual.';
  }

  /** Report, page or (default) visual filters; no RDL guard, as 2.8.0. */
  override getFilters(filtersLevel?: models.FiltersLevel): Promise<models.IFilter[]> {
    return bodyOf(
      this.service.hpm.get<models.IFilter[]>(
        this.#filtersUrl(filtersLevel),
        this.uidHeader(),
        this.frameWindow(),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  override setFilters(
    filters: models.IFilter[],
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.service.hpm.put<void>(
        this.#filtersUrl(filtersLevel),
        filters,
        this.uidHeader(),
        this.frameWindow(),
      ),
    );
  }

  override removeFilters(
    filtersLevel?: models.FiltersLevel,
  ): Promise<IHttpPostMessageResponse<void>> {
    return this.setFilters([], filtersLevel);
  }

  #filtersUrl(filtersLevel?: models.FiltersLevel): string {
    const config = this.config as IVisualEmbedConfiguration;
    if (filtersLevel === models.FiltersLevel.Report) return '/report/filters';
    if (filtersLevel === models.FiltersLevel.Page)
      return `/report/pages/${config.pageName}/filters`;
    return `/report/pages/${config.pageName}/visuals/${config.visualName}/filters`;
  }
}

function assertVisualTarget(config: IVisualEmbedConfiguration): void {
  if (typeof config.pageName !== 'string' || config.pageName.length === 0) {
    throw new Error('Page name is required when embedding a visual.');
  }
  if (typeof config.visualName !== 'string' || config.visualName.length === 0) {
    throw new Error(
      'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
    );
  }
}
