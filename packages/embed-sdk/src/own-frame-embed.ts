import type { IEmbedConfigurationBase } from './embed-types.ts';
import type { IEmbedHost } from './embed-host.ts';

/**
 * The constructor parameters of 2.8.0's `Dashboard`, `Tile` and `Qna`: `Embed`'s without the
 * host's iframe (these always make their own), plus the bootstrap flag `service.bootstrap` passes.
 */
export type OwnFrameEmbedArgs = [
  service: IEmbedHost,
  element: HTMLElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
];
