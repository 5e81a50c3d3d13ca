import { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import { BookmarksManager } from './bookmarks-manager.ts';
import { withDefaultSettings } from './defaults.ts';
import { Embed } from './embed.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import { APINotSupportedForRDLError } from './errors.ts';
import type { IFilterable } from './ifilterable.ts';
import { Page } from './page.ts';
import type { IEmbedHost, IReportNode } from './embed-host.ts';
import { addParamToUrl, bodyOf, envelopeOf, isRDLEmbed, isSavedInternal } from './util.ts';

type Envelope = IHttpPostMessageResponse<void>;

/**
 * An embedded report: pages, filters, settings, view mode, themes, printing, phased render and
 * bookmarks. Calls marked RDL reject with the string `APINotSupportedForRDLError` on paginated reports.
 */
export class Report extends Embed implements IReportNode, IFilterable {
  static override allowedEvents = [
    'filtersApplied',
    'pageChanged',
    'commandTriggered',
    'swipeStart',
    'swipeEnd',
    'bookmarkApplied',
  ];
  static reportIdAttribute = 'powerbi-report-id';
  static filterPaneEnabledAttribute = 'powerbi-settings-filter-pane-enabled';
  static navContentPaneEnabledAttribute = 'powerbi-settings-nav-content-pane-enabled';
  static override typeAttribute = 'powerbi-type';
  static override type = 'Report';

  bookmarksManager: BookmarksManager;

  constructor(
    service: IEmbedHost,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    iframe?: HTMLIFrameElement,
    isBootstrap?: boolean,
  ) {
    const userSettings = baseConfig.settings as models.ISettings | undefined;
    const attributeSettings = {
      filterPaneEnabled:
        userSettings?.filterPaneEnabled ||
        element.getAttribute(Report.filterPaneEnabledAttribute) !== 'false',
      navContentPaneEnabled:
        userSettings?.navContentPaneEnabled ||
        element.getAttribute(Report.navContentPaneEnabledAttribute) !== 'false',
    };
    // As in 2.8.0, a settings object from the host replaces these attribute-derived defaults whole.
    super(
      service,
      element,
      { settings: { ...attributeSettings, ...userSettings }, ...baseConfig },
      iframe,
      phasedRender,
      isBootstrap,
    );
    this.loadPath = '/report/load';
    this.phasedLoadPath = '/report/prepare';
    this.allowedEvents.push(...Report.allowedEvents);
    // 2.8.0 handed the manager the host's raw config, so its uid header was usually missing.
    this.bookmarksManager = new BookmarksManager(service, this.config, this.iframe);
  }

  /** Reads `reportId=` from an embed URL (2.8.0's case-sensitive regex). */
  static findIdFromEmbedUrl(url: string): string | undefined {
    return /reportId="?([^&]+)"?/.exec(url)?.[1];
  }

  /** Phased load, second step: renders what `/report/prepare` loaded. */
  render(config?: models.IReportLoadConfiguration): Promise<void> {
    return bodyOf(
      this.service.hpm.post<void>('/report/render', config, this.uidHeader(), this.frameWindow()),
    );
  }

  getFilters(): Promise<models.IFilter[]> {
    return this.rdlGuard(() =>
      bodyOf(
        this.service.hpm.get<models.IFilter[]>(
          '/report/filters',
          this.uidHeader(),
          this.frameWindow(),
        ),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  setFilters(filters: models.IFilter[]): Promise<Envelope> {
    return this.rdlGuard(() =>
      envelopeOf(
        this.service.hpm.put<void>(
          '/report/filters',
          filters,
          this.uidHeader(),
          this.frameWindow(),
        ),
      ),
    );
  }

  removeFilters(): Promise<Envelope> {
    return this.setFilters([]);
  }

  /** The report's pages as `Page` objects. */
  getPages(): Promise<Page[]> {
    return this.rdlGuard(() =>
      bodyOf(
        this.service.hpm.get<models.IPage[]>('/report/pages', this.uidHeader(), this.frameWindow()),
      ).then((pages) =>
        pages.map(
          (p) =>
            new Page(
              this,
              p.name,
              p.displayName,
              p.isActive,
              p.visibility,
              p.defaultSize,
              p.defaultDisplayOption,
            ),
        ),
      ),
    );
  }

  /** A Page handle without any I/O. */
  page(
    name: string,
    displayName?: string,
    isActive?: boolean,
    visibility?: models.SectionVisibility,
  ): Page {
    return new Page(this, name, displayName, isActive, visibility);
  }

  setPage(pageName: string): Promise<Envelope> {
    const page = { name: pageName, displayName: null, isActive: true };
    return this.rdlGuard(() =>
      envelopeOf(
        this.service.hpm.put<void>(
          '/report/pages/active',
          page,
          this.uidHeader(),
          this.frameWindow(),
        ),
      ),
    );
  }

  print(): Promise<void> {
    return this.rdlGuard(() =>
      bodyOf(
        this.service.hpm.post<void>('/report/print', null, this.uidHeader(), this.frameWindow()),
      ),
    );
  }

  /** Guarded for RDL only when it changes the custom layout. */
  updateSettings(settings: models.ISettings): Promise<Envelope> {
    const send = () =>
      envelopeOf(
        this.service.hpm.patch<void>(
          '/report/settings',
          settings,
          this.uidHeader(),
          this.frameWindow(),
        ),
      );
    return settings.customLayout != null ? this.rdlGuard(send) : send();
  }

  /** `ViewMode.View` → `view`, `ViewMode.Edit` → `edit`; a string goes verbatim. */
  switchMode(viewMode: models.ViewMode | string): Promise<void> {
    const mode = typeof viewMode === 'string' ? viewMode : viewModeName(viewMode);
    return bodyOf(
      this.service.hpm.post<void>(
        `/report/switchMode/${mode}`,
        null,
        this.uidHeader(),
        this.frameWindow(),
      ),
    );
  }

  refresh(): Promise<void> {
    return bodyOf(
      this.service.hpm.post<void>('/report/refresh', null, this.uidHeader(), this.frameWindow()),
    );
  }

  /** True when the report has no unsaved changes. */
  isSaved(): Promise<boolean> {
    return this.rdlGuard(() =>
      isSavedInternal(this.service.hpm, this.config.uniqueId ?? '', this.iframe.contentWindow),
    );
  }

  applyTheme(theme: models.IReportTheme): Promise<void> {
    return this.rdlGuard(() =>
      bodyOf(
        this.service.hpm.put<void>('/report/theme', theme, this.uidHeader(), this.frameWindow()),
      ),
    );
  }

  resetTheme(): Promise<void> {
    return this.rdlGuard(() =>
      bodyOf(this.service.hpm.put<void>('/report/theme', {}, this.uidHeader(), this.frameWindow())),
    );
  }

  getId(): string {
    const id = this.lookupId();
    if (typeof id !== 'string' || id.length === 0) {
      throw new Error(
        `Report id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute '${Report.reportIdAttribute}'.`,
      );
    }
    return id;
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateReportLoad(config);
  }

  /** Adds `isMobile`, the default settings (replaced whole by the host's) and the id. */
  override populateConfig(baseConfig: IEmbedConfigurationBase, isBootstrap?: boolean): void {
    super.populateConfig(baseConfig, isBootstrap);
    const config = withDefaultSettings(this.config);
    config.id = isBootstrap ? this.lookupId() : this.getId();
    this.config = config;
    if (this.bookmarksManager) this.bookmarksManager.config = config;
  }

  protected override withLayoutParams(embedUrl: string): string {
    const layoutType = (this.config.settings as models.ISettings | undefined)?.layoutType;
    const mobile =
      layoutType === models.LayoutType.MobilePortrait ||
      layoutType === models.LayoutType.MobileLandscape;
    return mobile ? addParamToUrl(embedUrl, 'isMobile', 'true') : embedUrl;
  }

  private lookupId(): string | undefined {
    return (
      this.config.id ||
      this.element.getAttribute(Report.reportIdAttribute) ||
      Report.findIdFromEmbedUrl(this.config.embedUrl ?? '')
    );
  }

  /** Runs `call` unless the report is paginated (RDL), which rejects with 2.8.0's string. */
  protected rdlGuard<T>(call: () => Promise<T>): Promise<T> {
    // 2.8.0's contract: RDL guards reject with this plain string.
    return isRDLEmbed(this.config.embedUrl) ? Promise.reject(APINotSupportedForRDLError) : call();
  }
}

function viewModeName(viewMode: models.ViewMode): string | undefined {
  if (viewMode === models.ViewMode.Edit) return 'edit';
  if (viewMode === models.ViewMode.View) return 'view';
  return undefined;
}
