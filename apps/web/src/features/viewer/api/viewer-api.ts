import { ApiError } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import type { EditReport, ViewerReport } from '../../../lib/models.ts';

/** GET viewer/report/{uid}: name, embed token (for this report only), ids, embed URL and expiry. */
export const fetchViewerReport = (uid: string) =>
  api.get<ViewerReport>(`viewer/report/${encodeURIComponent(uid)}`);

/** GET viewer/report/{uid}/edit (administrators only): the same with an Edit token and the account. */
export const fetchEditReport = (uid: string) =>
  api.get<EditReport>(`viewer/report/${encodeURIComponent(uid)}/edit`);

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

/** Renew this long before the embed token expires (and never sooner than the floor). */
export const REFRESH_LEAD_MS = 2 * 60_000;
const REFRESH_FLOOR_MS = 10_000;

/** Milliseconds until the token should be renewed, from its ISO expiry. */
export function refreshDelay(expiration: string, now: number = Date.now()): number {
  const expiresAt = Date.parse(expiration);
  if (Number.isNaN(expiresAt)) return REFRESH_FLOOR_MS;
  return Math.max(REFRESH_FLOOR_MS, expiresAt - now - REFRESH_LEAD_MS);
}
