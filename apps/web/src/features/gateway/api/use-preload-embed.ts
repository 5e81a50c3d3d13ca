import { useEffect } from 'react';
import { isMobileDevice } from '../../../lib/device.ts';
import { embedWarmupEnabled, preloadReportFrame } from '../../../lib/embed-service.ts';
import { usePublicConfig } from '../../../lib/use-branding.ts';

/**
 * Warms the report frame while the user browses: loads the SDK chunk and preloads the BI service's
 * report page in a hidden frame, which the viewer then moves into place (decision 0211).
 */
export function usePreloadEmbed() {
  const { embedOrigin } = usePublicConfig();
  useEffect(() => {
    if (!embedOrigin || !embedWarmupEnabled()) return;
    // A failed preload costs nothing but the warm-up; the next gateway visit tries again.
    preloadReportFrame(embedOrigin, isMobileDevice()).catch(() => undefined);
  }, [embedOrigin]);
}
