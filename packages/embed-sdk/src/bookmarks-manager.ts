import type { models } from './protocol/index.ts';
import type { IHttpPostMessageResponse } from './protocol/index.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';
import { APINotSupportedForRDLError } from './errors.ts';
import type { IEmbedHost } from './embed-host.ts';
import { bodyOf, envelopeOf, isRDLEmbed } from './util.ts';

/** The bookmark calls of a report. */
export interface IBookmarksManager {
  getBookmarks(): Promise<models.IReportBookmark[]>;
  apply(bookmarkName: string): Promise<IHttpPostMessageResponse<void>>;
  play(playMode: models.BookmarksPlayMode): Promise<IHttpPostMessageResponse<void>>;
  capture(): Promise<models.IReportBookmark>;
  applyState(state: string): Promise<IHttpPostMessageResponse<void>>;
}

/**
 * A report's bookmarks. It reads the report's populated config (kept current by the report), so
 * its requests carry the embed's uid; 2.8.0 held the host's raw config and usually sent none.
 */
export class BookmarksManager implements IBookmarksManager {
  config: IEmbedConfigurationBase;
  private service: IEmbedHost;
  private iframe: HTMLIFrameElement | undefined;

  constructor(service: IEmbedHost, config: IEmbedConfigurationBase, iframe?: HTMLIFrameElement) {
    this.service = service;
    this.config = config;
    this.iframe = iframe;
  }

  getBookmarks(): Promise<models.IReportBookmark[]> {
    return this.#guarded(() =>
      bodyOf(
        this.service.hpm.get<models.IReportBookmark[]>(
          '/report/bookmarks',
          this.#uidHeader(),
          this.#target(),
        ),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  apply(bookmarkName: string): Promise<IHttpPostMessageResponse<void>> {
    return this.#guarded(() =>
      this.#command('/report/bookmarks/applyByName', { name: bookmarkName }),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  play(playMode: models.BookmarksPlayMode): Promise<IHttpPostMessageResponse<void>> {
    return this.#guarded(() => this.#command('/report/bookmarks/play', { playMode }));
  }

  capture(): Promise<models.IReportBookmark> {
    return this.#guarded(() =>
      bodyOf(
        this.service.hpm.post<models.IReportBookmark>(
          '/report/bookmarks/capture',
          null,
          this.#uidHeader(),
          this.#target(),
        ),
      ),
    );
  }

  /** Resolves with the whole reply envelope, as 2.8.0 does. */
  applyState(state: string): Promise<IHttpPostMessageResponse<void>> {
    return this.#guarded(() => this.#command('/report/bookmarks/applyState', { state }));
  }

  #command(url: string, body: object): Promise<IHttpPostMessageResponse<void>> {
    return envelopeOf(this.service.hpm.post<void>(url, body, this.#uidHeader(), this.#target()));
  }

  #guarded<T>(call: () => Promise<T>): Promise<T> {
    // 2.8.0's contract: RDL guards reject with this plain string.
    return isRDLEmbed(this.config.embedUrl) ? Promise.reject(APINotSupportedForRDLError) : call();
  }

  #uidHeader() {
    return { uid: this.config.uniqueId };
  }

  #target(): Window | undefined {
    return this.iframe?.contentWindow ?? undefined;
  }
}
