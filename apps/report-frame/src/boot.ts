/**
 * Installs the frame's message endpoint and routes. It runs synchronously when the entry module
 * is evaluated, before React renders and before the document's load event, because the SDK posts
 * its first request exactly when it sees the iframe's load event and never retries.
 */
import { Router } from '@vitrina/embed-sdk/protocol';
import { readEmbedContext, type EmbedKind } from './embed/context.ts';
import { FrameSession } from './embed/session.ts';
import { FrameEndpoint } from './protocol/endpoint.ts';
import { registerVisualRoutes } from './protocol/filter-routes.ts';
import { registerLoadRoutes } from './protocol/load-routes.ts';
import { registerReportRoutes } from './protocol/report-routes.ts';
import { registerEditRoutesOnDemand } from './report/editor-chunk.ts';
import { preloadChartVisuals } from './visuals/use-chart-visuals.ts';

/** The embeds whose first view is drawn with charts. */
const CHART_KINDS = new Set<EmbedKind>(['report', 'dashboard', 'tile']);

function hostOrigin(): string | undefined {
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

export function bootFrame(): FrameSession {
  const context = readEmbedContext(location);
  const endpoint = new FrameEndpoint(window, window.parent, hostOrigin());
  const session = new FrameSession(context, (url, body) => void endpoint.post(url, body));
  const router = new Router(endpoint);
  registerLoadRoutes(router, session);
  registerReportRoutes(router, session);
  registerVisualRoutes(router, session);
  registerEditRoutesOnDemand(router, session);
  document.documentElement.lang = context.language;
  if (window.parent !== window && context.uid) session.announceReady();
  if (context.kind && CHART_KINDS.has(context.kind)) preloadChartVisuals();
  // A page's first Intl formatter costs tens of milliseconds (the locale's data): made while the
  // frame waits for the report and its rows, if it has a moment, rather than at the first figure.
  if ('requestIdleCallback' in window) requestIdleCallback(() => session.format.prepare());
  return session;
}
