import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import {
  embedWarmupEnabled,
  loadEmbedService,
  reportEmbedPage,
  type EmbedHandle,
  type EmbedService,
} from '../../../lib/embed-service.ts';
import { fetchViewerReport, refreshDelay, viewerErrorText } from '../api/viewer-api.ts';
import { isMobileDevice } from './device.ts';
import { embedConfig, embedSettings } from './embed-config.ts';

export interface EmbeddedReportState {
  name: string | null;
  loading: boolean;
  rendered: boolean;
  error: string | null;
  /** The embedded item once embedded (edit mode drives it), and what it is. */
  embed: EmbedHandle | null;
  kind: 'report' | 'dashboard' | null;
}

/** Where renewed embed tokens come from: the View token, or the Edit token while editing. */
export type TokenSource = () => Promise<{ accessToken: string; expiration: string }>;

const RETRY_REFRESH_MS = 30_000;

/**
 * Embeds report `uid` into `containerRef`: the frame starts (bootstrap) while the token call runs,
 * then the report is embedded; the embed token is renewed in place before it expires.
 */
export function useEmbeddedReport(
  uid: string,
  containerRef: RefObject<HTMLDivElement | null>,
  config: { ready: boolean; embedOrigin: string | null },
) {
  const { ready, embedOrigin } = config;
  const [state, setState] = useState<EmbeddedReportState>({
    name: null,
    loading: true,
    rendered: false,
    error: null,
    embed: null,
    kind: null,
  });
  const tokenSource = useRef<TokenSource>(() => fetchViewerReport(uid));
  const setTokenSource = useCallback((source: TokenSource) => {
    tokenSource.current = source;
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    // Wait for the public config, so the frame can start at once on the right origin.
    if (!container || !ready) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sdk: EmbedService | undefined;
    const mobile = isMobileDevice();
    const update = (patch: Partial<EmbeddedReportState>) =>
      !cancelled && setState((s) => ({ ...s, ...patch }));
    setState({ name: null, loading: true, rendered: false, error: null, embed: null, kind: null });

    const reportCall = fetchViewerReport(uid);
    const sdkLoad = loadEmbedService().then((service) => {
      sdk = service;
      if (!cancelled && embedOrigin && embedWarmupEnabled()) {
        service.bootstrap(container, {
          type: 'report',
          embedUrl: reportEmbedPage(embedOrigin),
          settings: embedSettings(mobile),
        });
      }
      return service;
    });

    const scheduleRefresh = (embed: EmbedHandle, delayMs: number): void => {
      timer = setTimeout(async () => {
        try {
          const next = await tokenSource.current();
          await embed.setAccessToken(next.accessToken);
          if (!cancelled) scheduleRefresh(embed, refreshDelay(next.expiration));
        } catch (error: unknown) {
          if (cancelled) return;
          // Access revoked (issue 14): say so and stop renewing; other failures are retried.
          if (error instanceof ApiError && error.status === 403) {
            sdk?.reset(container);
            update({ loading: false, error: viewerErrorText(error) });
            return;
          }
          scheduleRefresh(embed, RETRY_REFRESH_MS);
        }
      }, delayMs);
    };

    Promise.all([sdkLoad, reportCall])
      .then(([service, report]) => {
        if (cancelled) return;
        update({ name: report.name });
        // A dashboard cannot reuse a frame bootstrapped as a report.
        if (report.type === 'dashboard') service.reset(container);
        const embed = service.embed(container, embedConfig(report, mobile));
        embed.setComponentTitle(report.name);
        update({ embed, kind: report.type });
        embed.on('loaded', () => update({ loading: false }));
        embed.on('rendered', () => update({ loading: false, rendered: true }));
        embed.on<{ message?: string; detailedMessage?: string }>('error', (event) =>
          update({
            loading: false,
            error: `Error: ${event.detail?.detailedMessage ?? event.detail?.message ?? 'desconocido'}`,
          }),
        );
        scheduleRefresh(embed, refreshDelay(report.expiration));
      })
      .catch((error: unknown) => {
        sdk?.reset(container);
        update({ loading: false, error: viewerErrorText(error) });
      });

    return () => {
      cancelled = true;
      clearTimeout(timer);
      sdk?.reset(container);
    };
  }, [uid, containerRef, ready, embedOrigin]);

  return { ...state, setTokenSource };
}
