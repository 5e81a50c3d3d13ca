import { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import { APINotSupportedForRDLError } from './errors.ts';
import type { IFilterable } from './ifilterable.ts';
import type { IPageNode, IReportNode } from './embed-host.ts';
import { bodyOf, envelopeOf, isRDLEmbed } from './util.ts';
import { VisualDescriptor } from './visual-descriptor.ts';

/**
 * A report page: its filters, activation, visuals and layouts. Paths carry the page name raw
 * (unencoded), as 2.8.0 sends them.
 */
export class Page implements IPageNode, IFilterable {
  report: IReportNode;
  name: string;
  displayName: string | undefined;
  isActive: boolean | undefined;
  visibility: models.SectionVisibility | undefined;
  defaultSize: models.ICustomPageSize | undefined;
  defaultDisplayOption: models.DisplayOption | undefined;

  constructor(
    report: IReportNode,
    name: string,
    displayName?: string,
    isActivePage?: boolean,
    visibility?: models.SectionVisibility,
    defaultSize?: models.ICustomPageSize,
    defaultDisplayOption?: models.DisplayOption,
  ) {
    this.report = report;
    this.name = name;
    this.displayName = displayName;
    this.isActive = isActivePage;
    this.visibility = visibility;
    this.defaultSize = defaultSize;
    this.defaultDisplayOption = defaultDisplayOption;
  }

  getFilters(): Promise<models.IFilter[]> {
    return bodyOf(
      this.#hpm().get<models.IFilter[]>(
        `/report/pages/${this.name}/filters`,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.#hpm().put<void>(
        `/report/pages/${this.name}/filters`,
        filters,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.setFilters([]);
  }

  /** Makes this page the active one. */
  setActive(): Promise<IHttpPostMessageResponse<void>> {
    const page = { name: this.name, displayName: null, isActive: true };
    return envelopeOf(
      this.#hpm().put<void>('/report/pages/active', page, this.#uidHeader(), this.#target()),
    );
  }

  /** The page's visuals as `VisualDescriptor`s (RDL-guarded). */
  getVisuals(): Promise<VisualDescriptor[]> {
    if (isRDLEmbed(this.report.config.embedUrl)) return Promise.reject(APINotSupportedForRDLError);
    return bodyOf(
      this.#hpm().get<models.IVisual[]>(
        `/report/pages/${this.name}/visuals`,
        this.#uidHeader(),
        this.#target(),
      ),
    ).then((visuals) =>
      visuals.map((v) => new VisualDescriptor(this, v.name, v.title, v.type, v.layout)),
    );
  }

  /** Whether the page has the layout; the enum's name goes in the URL (e.g. `MobilePortrait`). */
  hasLayout(layoutType: models.LayoutType): Promise<boolean> {
    if (isRDLEmbed(this.report.config.embedUrl)) return Promise.reject(APINotSupportedForRDLError);
    const layoutName = models.LayoutType[layoutType];
    const url = `/report/pages/${this.name}/layoutTypes/${layoutName}`;
    return bodyOf(this.#hpm().get<boolean>(url, this.#uidHeader(), this.#target()));
  }

  #hpm() {
    return this.report.service.hpm;
  }

  #uidHeader() {
    return { uid: this.report.config.uniqueId };
  }

  #target(): Window | undefined {
    return this.report.iframe.contentWindow ?? undefined;
  }
}
