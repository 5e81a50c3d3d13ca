import type { ViewerReport } from '../../lib/models.ts';

/** What the viewer route's loader hands the viewer: its early `viewer/report/{uid}` call. */
export interface ViewerRouteData {
  /** Resolves undefined when nobody was signed in as the navigation started. */
  report: Promise<ViewerReport | undefined>;
  /** When the navigation started the call (`performance.now()`): the open is timed from here. */
  startedAt: number;
}

/**
 * The viewer route's loader: starts the embed token call with the navigation, beside the route's
 * chunk, and returns at once, so nothing but the viewer waits for it (decision 0211).
 */
export function loadViewerRoute(uid: string): ViewerRouteData {
  const startedAt = performance.now();
  const report = import('../../features/viewer/api/viewer-api.ts').then((viewer) =>
    viewer.startViewerReport(uid),
  );
  // Handled here: the viewer reads the outcome, failures included, once it mounts.
  report.catch(() => undefined);
  return { report, startedAt };
}
