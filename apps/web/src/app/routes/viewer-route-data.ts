import type { ReportView, ViewerReport } from '../../lib/models.ts';

/** What the viewer route's loader hands the viewer: its early `viewer/report/{uid}` call. */
export interface ViewerRouteData {
  /** Resolves undefined when nobody was signed in as the navigation started. */
  report: Promise<ViewerReport | undefined>;
  /** When the navigation started the call (`performance.now()`): the open is timed from here. */
  startedAt: number;
  /**
   * The view of the subscription named by `?subscription=` (a mail's link), undefined without
   * one or when it cannot be read: the report then opens as it is (decision 0289).
   */
  view: Promise<ReportView | undefined>;
}

/** The view of subscription `id` if it is a view of report `uid`. */
async function subscriptionView(uid: string, id: number): Promise<ReportView | undefined> {
  const { fetchSubscriptionView } =
    await import('../../features/subscriptions/api/subscriptions-api.ts');
  const view = await fetchSubscriptionView(id);
  return view.reportUid === uid ? view : undefined;
}

/**
 * The viewer route's loader: starts the embed token call with the navigation, beside the route's
 * chunk, and returns at once, so nothing but the viewer waits for it (decision 0211).
 */
export function loadViewerRoute(uid: string, search: URLSearchParams): ViewerRouteData {
  const startedAt = performance.now();
  const report = import('../../features/viewer/api/viewer-api.ts').then((viewer) =>
    viewer.startViewerReport(uid),
  );
  // Handled here: the viewer reads the outcome, failures included, once it mounts.
  report.catch(() => undefined);
  const subscription = Number(search.get('subscription'));
  const view =
    Number.isInteger(subscription) && subscription > 0
      ? subscriptionView(uid, subscription).catch(() => undefined)
      : Promise.resolve(undefined);
  return { report, startedAt, view };
}
