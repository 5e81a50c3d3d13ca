/**
 * Installs the frame's message endpoint and routes. It runs synchronously when the entry module
 * is evaluated, before React renders and before the document's load event, because the SDK posts
 * its first request exactly when it sees the iframe's load event and never retries.
 */
import { Router } from '@vitrina/embed-sdk/protocol';
import { readEmbedContext, type EmbedKind } from './embed/context.ts';
import { EditorChunk } from './editor-chunk.ts';
import { FrameSession } from './embed/session.ts';
import { FrameEndpoint } from './protocol/endpoint.ts';
import { registerAuthoringRoutes } from './routes/authoring-routes.ts';
import { registerVisualRoutes } from './routes/filter-routes.ts';
import { registerLoadRoutes } from './routes/load-routes.ts';
import { registerReportRoutes } from './routes/report-routes.ts';
import { loadChartVisuals } from './visuals/use-chart-visuals.ts';

/**
 * The embeds whose first view is drawn with ECharts: their chunk is fetched as the frame starts,
 * overlapping the network waits. A report's first charts are sketched instead (decision 0328).
 */
const CHART_KINDS = new Set<EmbedKind>(['dashboard', 'tile']);

function hostOrigin(): string | undefined {
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** What the frame's screen is drawn from: the embed session and the editor, once fetched. */
export interface Frame {
  session: FrameSession;
  editor: EditorChunk;
}

export function bootFrame(): Frame {
  const context = readEmbedContext(location);
  const endpoint = new FrameEndpoint(window, window.parent, hostOrigin());
  const session = new FrameSession(context, (url, body) => void endpoint.post(url, body));
  const editor = new EditorChunk(session);
  const router = new Router(endpoint);
  registerLoadRoutes(router, session, editor);
  registerReportRoutes(router, session);
  registerVisualRoutes(router, session);
  registerAuthoringRoutes(router, () => editor.handlers());
  document.documentElement.lang = context.language;
  if (window.parent !== window && context.uid) session.announceReady();
  if (context.kind && CHART_KINDS.has(context.kind)) loadChartVisuals().catch(() => undefined);
  // A page's first Intl formatter costs tens of milliseconds (the locale's data): made while the
  // frame waits for the report and its rows, if it has a moment, rather than at the first figure.
  if ('requestIdleCallback' in window) requestIdleCallback(() => session.format.prepare());
  return { session, editor };
}
