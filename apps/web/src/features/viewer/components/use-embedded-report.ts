import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  bootstrapReport,
  embedWarmupEnabled,
  loadEmbedService,
  reportEmbedPage,
  type EmbedHandle,
  type EmbedService,
} from '../../../lib/embed-service.ts';
import type { ReportView, ViewerReport } from '../../../lib/models.ts';
import { keepTokenFresh, type TokenSource } from '../../../lib/token-renewal.ts';
import { fetchViewerReport, viewerErrorText } from '../api/viewer-api.ts';
import { embedConfig, embedSettings } from './embed-config.ts';
import { measureOpen } from './open-measure.ts';
import { usePhoneLayoutSwitch, wantsPhoneLayout } from './phone-layout.ts';

export interface EmbeddedReportState {
  name: string | null;
  loading: boolean;
  rendered: boolean;
  error: string | null;
  /** The embedded item once embedded (edit mode drives it), and what it is. */
  embed: EmbedHandle | null;
  kind: 'report' | 'dashboard' | null;
}

type PagesOf = () => Promise<{ displayName: string | null; isActive: boolean | undefined }[]>;

/** The display name of the page a report shows; undefined for a dashboard. */
async function activePageName(embed: EmbedHandle): Promise<string | undefined> {
  if (!('getPages' in embed)) return undefined;
  const pages = await (embed.getPages as PagesOf).call(embed);
  return pages.find((page) => page.isActive)?.displayName ?? undefined;
}

/**
 * Embeds report `uid` into `containerRef`: the frame starts (bootstrap, adopting the gateway's
 * preloaded frame when it can) while the token call runs, then the report is embedded; the embed
 * token is renewed in place before it expires.
 */
export function useEmbeddedReport(
  uid: string,
  containerRef: RefObject<HTMLDivElement | null>,
  config: {
    ready: boolean;
    embedOrigin: string | null;
    /** A `viewer/report/{uid}` call already under way, used by the first embed only. */
    earlyReport?: Promise<ViewerReport | undefined>;
    /** When that call started; the open is timed from here. */
    openedAt?: number | undefined;
    /** The view to open the report with (a mail's link), for the first embed only. */
    view?: Promise<ReportView | undefined>;
  },
) {
  const { ready, embedOrigin } = config;
  const earlyReport = useRef(config.earlyReport);
  const openedAt = useRef(config.openedAt);
  const firstView = useRef(config.view);
  const [state, setState] = useState<EmbeddedReportState>({
    name: null,
    loading: true,
    rendered: false,
    error: null,
    embed: null,
    kind: null,
  });
  // Renewed tokens come from the View route, or from the Edit route while editing.
  const tokenSource = useRef<TokenSource>(() => fetchViewerReport(uid));
  const setTokenSource = useCallback((source: TokenSource) => {
    tokenSource.current = source;
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    // Wait for the public config, so the frame can start at once on the right origin.
    if (!container || !ready) return;
    let cancelled = false;
    let stopRenewal: (() => void) | undefined;
    let sdk: EmbedService | undefined;
    // The token call can fail before the SDK has loaded: then no frame is bootstrapped at all.
    let failed = false;
    const mobile = wantsPhoneLayout();
    const update = (patch: Partial<EmbeddedReportState>) =>
      !cancelled && setState((s) => ({ ...s, ...patch }));
    setState({ name: null, loading: true, rendered: false, error: null, embed: null, kind: null });

    const early = earlyReport.current;
    earlyReport.current = undefined;
    const viewCall = firstView.current ?? Promise.resolve(undefined);
    firstView.current = undefined;
    // Each open is reported to "Uso" once it rendered or failed (issue 30).
    const open = measureOpen(
      uid,
      mobile ? 'phone' : 'desktop',
      early && openedAt.current !== undefined ? openedAt.current : performance.now(),
    );
    const reportCall = (
      early ? early.then((report) => report ?? fetchViewerReport(uid)) : fetchViewerReport(uid)
    ).then((report) => {
      open.tokenReceived();
      return report;
    });
    const sdkLoad = loadEmbedService().then((service) => {
      sdk = service;
      if (!cancelled && !failed && embedOrigin && embedWarmupEnabled()) {
        bootstrapReport(service, container, {
          type: 'report',
          embedUrl: reportEmbedPage(embedOrigin),
          settings: embedSettings(mobile),
        });
      }
      return service;
    });

    Promise.all([sdkLoad, reportCall, viewCall])
      .then(([service, report, view]) => {
        if (cancelled) return;
        update({ name: report.name });
        // A dashboard cannot reuse a frame bootstrapped as a report.
        if (report.type === 'dashboard') service.reset(container);
        open.embedded();
        const embed = service.embed(container, embedConfig(report, mobile, view));
        embed.setComponentTitle(report.name);
        update({ embed, kind: report.type });
        embed.on('loaded', () => {
          open.loaded();
          update({ loading: false });
        });
        embed.on('rendered', () => {
          open.rendered(activePageName(embed));
          update({ loading: false, rendered: true });
        });
        embed.on<{ message?: string; detailedMessage?: string; errorCode?: string }>(
          'error',
          (event) => {
            open.failed(event.detail);
            update({
              loading: false,
              error: `Error: ${event.detail?.detailedMessage ?? event.detail?.message ?? 'desconocido'}`,
            });
          },
        );
        // Access revoked (issue 14): say so and stop renewing; other failures are retried.
        stopRenewal = keepTokenFresh(embed, report.expiration, {
          source: () => tokenSource.current(),
          onRevoked: (error) => {
            if (cancelled) return;
            sdk?.reset(container);
            update({ loading: false, error: viewerErrorText(error) });
          },
        });
      })
      .catch((error: unknown) => {
        open.failed(error);
        failed = true;
        sdk?.reset(container);
        update({ loading: false, error: viewerErrorText(error) });
      });

    return () => {
      cancelled = true;
      stopRenewal?.();
      sdk?.reset(container);
    };
  }, [uid, containerRef, ready, embedOrigin]);
  usePhoneLayoutSwitch(state.embed, state.kind);

  return { ...state, setTokenSource };
}
