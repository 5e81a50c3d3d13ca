import type { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import type { IFilterable } from './ifilterable.ts';
import type { IPageNode } from './embed-host.ts';
import { bodyOf, envelopeOf } from './util.ts';

/** One visual of a page: its filters, data export, slicer state, clone and sort. */
export class VisualDescriptor implements IFilterable {
  name: string;
  title: string;
  type: string;
  layout: models.IVisualLayout | undefined;
  page: IPageNode;

  constructor(
    page: IPageNode,
    name: string,
    title: string,
    type: string,
    layout?: models.IVisualLayout,
  ) {
    this.name = name;
    this.title = title;
    this.type = type;
    this.layout = layout;
    this.page = page;
  }

  getFilters(): Promise<models.IFilter[]> {
    return bodyOf(
      this.#hpm().get<models.IFilter[]>(
        `${this.#basePath()}/filters`,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.#hpm().put<void>(
        `${this.#basePath()}/filters`,
        filters,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.setFilters([]);
  }

  exportData(
    exportDataType?: models.ExportDataType,
    rows?: number,
  ): Promise<models.IExportDataResult> {
    const request = { rows, exportDataType };
    return bodyOf(
      this.#hpm().post<models.IExportDataResult>(
        `${this.#basePath()}/exportData`,
        request,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  setSlicerState(state: models.ISlicerState): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.#hpm().put<void>(`${this.#basePath()}/slicer`, state, this.#uidHeader(), this.#target()),
    );
  }

  getSlicerState(): Promise<models.ISlicerState> {
    return bodyOf(
      this.#hpm().get<models.ISlicerState>(
        `${this.#basePath()}/slicer`,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  clone(request: models.ICloneVisualRequest = {}): Promise<models.ICloneVisualResponse> {
    return bodyOf(
      this.#hpm().post<models.ICloneVisualResponse>(
        `${this.#basePath()}/clone`,
        request,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  sortBy(request: models.ISortByVisualRequest): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(
      this.#hpm().put<void>(
        `${this.#basePath()}/sortBy`,
        request,
        this.#uidHeader(),
        this.#target(),
      ),
    );
  }

  #basePath(): string {
    return `/report/pages/${this.page.name}/visuals/${this.name}`;
  }

  #hpm() {
    return this.page.report.service.hpm;
  }

  #uidHeader() {
    return { uid: this.page.report.config.uniqueId };
  }

  #target(): Window | undefined {
    return this.page.report.iframe.contentWindow ?? undefined;
  }
}
