import { ApiError } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import type { ViewerReport } from '../../../lib/models.ts';
import { getCurrentUser } from '../../../lib/session.ts';

/** GET viewer/report/{uid}: name, embed token (for this report only), ids, embed URL and expiry. */
export const fetchViewerReport = (uid: string) =>
  api.get<ViewerReport>(`viewer/report/${encodeURIComponent(uid)}`);

/**
 * The viewer route's early call, started with the navigation (decision 0211), or undefined when
 * nobody is signed in (the route guard then sends the visitor to sign in; no call is made).
 */
export const startViewerReport = (uid: string): Promise<ViewerReport> | undefined =>
  getCurrentUser()?.token ? fetchViewerReport(uid) : undefined;

/** The viewer's error texts (spec §8). */
export function viewerErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Informe no encontrado.';
  // Row-level security without an identity (issue 15): the server's sentence says what to do.
  if (error instanceof ApiError && error.code === 'identity_required') return error.message;
  if (error instanceof ApiError && error.status === 403) return 'Acceso denegado al informe.';
  const message = error instanceof Error ? error.message : (sdkMessage(error) ?? String(error));
  return `Error: ${message}`;
}

/** The SDK rejects with the frame's IError body (one error or a list of them), not an Error. */
function sdkMessage(error: unknown): string | undefined {
  const first: unknown = Array.isArray(error) ? error[0] : error;
  if (typeof first !== 'object' || first === null || !('message' in first)) return undefined;
  return typeof first.message === 'string' ? first.message : undefined;
}
