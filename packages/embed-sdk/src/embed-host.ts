import type { IEmbedConfiguration } from './embed-types.ts';
import type { HttpPostMessage } from './protocol/index.ts';

/**
 * What an embed needs of the Service that created it. The Service implements it; the embeds
 * depend on this shape, not on the Service, so the Service can import every embed kind without an
 * import cycle.
 */
export interface IEmbedHost {
  hpm: HttpPostMessage<Window>;
  /** The global fallback token, which `setAccessToken` on any embed overwrites. */
  accessToken: string | undefined;
  /** Origins beyond the embed URL's that the frames may move to (decision 0092). */
  readonly allowedOrigins: readonly string[] | undefined;
  getNumberOfComponents(): number;
  getSdkSessionId(): string;
  /** The preloaded iframe the bootstrap in progress offered, handed out once (decision 0211). */
  takeOfferedFrame?(): HTMLIFrameElement | undefined;
}

/** What a Page needs of its report (2.8.0's `IReportNode`). */
export interface IReportNode {
  iframe: HTMLIFrameElement;
  service: IEmbedHost;
  config: IEmbedConfiguration;
}

/** What a VisualDescriptor needs of its page. */
export interface IPageNode {
  report: IReportNode;
  name: string;
}
