import { useEffect } from 'react';
import {
  embedWarmupEnabled,
  loadEmbedService,
  reportEmbedPage,
} from '../../../lib/embed-service.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';

const preloadedOrigins = new Set<string>();

/**
 * Warms the report frame while the user browses: loads the SDK chunk and preloads the BI service's
 * embed page (its scripts land in the browser cache), so the first report opens faster.
 */
export function usePreloadEmbed() {
  const { embedOrigin } = usePublicConfig();
  useEffect(() => {
    if (!embedOrigin || preloadedOrigins.has(embedOrigin) || !embedWarmupEnabled()) return;
    preloadedOrigins.add(embedOrigin);
    void loadEmbedService()
      .then((sdk) => sdk.preload({ type: 'report', embedUrl: reportEmbedPage(embedOrigin) }))
      .catch(() => preloadedOrigins.delete(embedOrigin));
  }, [embedOrigin]);
}
