/**
 * The boundary between the export jobs (queue, store, REST) and whatever draws the report frame
 * into file bytes. The jobs resolve everything Power BI's request says (pages, bookmarks, filters,
 * identities) before calling `render`, so a renderer only opens the frame and draws.
 */
import type { IFilter } from '@vitrina/embed-sdk/protocol';

/** One export: a page, or one visual of it, with the bookmark to apply before drawing it. */
export interface RenderPage {
  pageName: string;
  visualName?: string;
  /** A state `bookmarksManager.capture()` gave; wins over `bookmarkName`. */
  bookmarkState?: string;
  bookmarkName?: string;
}

export interface RenderRequest {
  format: 'PDF' | 'PNG' | 'PPTX';
  groupId: string;
  reportId: string;
  reportName: string;
  /** The frame URL for the report, as GenerateToken callers get it. */
  embedUrl: string;
  /** An embed token minted for this job (View, with the job's identities). */
  accessToken: string;
  /**
   * Who the data is drawn for (the caller and the effective identities): jobs with the same key
   * see the same rows, so a renderer may reuse for one what it kept from the other, never across
   * keys.
   */
  identityKey: string;
  /** Resolved and in order; the same page may repeat. */
  pages: RenderPage[];
  defaultBookmark?: { name?: string; state?: string };
  /** `reportLevelFilters` parsed from Power BI's URL filter syntax. */
  filters: IFilter[];
  locale?: string;
  /** Present for paginated reports (PDF only). */
  paginated?: { parameterValues: { name: string; value: string }[] };
}

export interface RenderResult {
  file: Buffer;
  extension: '.pdf' | '.png' | '.zip' | '.pptx';
}

export type RendererAvailability = { available: true } | { available: false; reason: string };

export interface ExportRenderer {
  /** `onProgress(done, total)` counts exports (pages or visuals), as Power BI's percentComplete. */
  render(
    request: RenderRequest,
    onProgress: (done: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<RenderResult>;
  /** `reason` is a Spanish sentence naming the install step (for the job's error and /health). */
  availability(): Promise<RendererAvailability>;
  close(): Promise<void>;
  /** Told where the service listens, once it does (the chromium renderer loads the frame there). */
  listeningAt?(origin: string): void;
}
