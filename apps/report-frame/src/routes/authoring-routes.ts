/**
 * The SDK's authoring routes. Their handlers are in the editor chunk (editor/edit-routes.ts), which
 * a viewer never downloads; the routes themselves are registered at boot, so that no request is
 * missed, and each one fetches the chunk on its first call.
 */
import type { IRouterHandler, Router } from '@vitrina/embed-sdk/protocol';

const VISUAL = '/report/pages/:page/visuals/:visual';
const FIELD = `${VISUAL}/dataroles/:role/fields/:index`;

/** powerbi-report-authoring's calls (decision 0283), answered by editor/visual-authoring.ts. */
export const VISUAL_AUTHORING_ROUTES = [
  { name: 'createVisual', method: 'post', url: '/report/pages/:page/createVisual' },
  { name: 'deleteVisual', method: 'post', url: '/report/pages/:page/deleteVisual' },
  { name: 'changeVisualType', method: 'post', url: `${VISUAL}/changeType` },
  { name: 'visualCapabilities', method: 'get', url: '/report/visuals/types/:type/capabilities' },
  { name: 'availableVisualTypes', method: 'get', url: '/report/availableVisualTypes' },
  { name: 'getDataFields', method: 'get', url: `${VISUAL}/dataroles/:role/fields` },
  { name: 'addDataField', method: 'post', url: FIELD },
  { name: 'removeDataField', method: 'delete', url: FIELD },
  { name: 'getDataFieldDisplayName', method: 'get', url: `${FIELD}/displayName` },
  { name: 'setDataFieldDisplayName', method: 'put', url: `${FIELD}/displayName` },
  { name: 'getVisualProperty', method: 'post', url: `${VISUAL}/property` },
  { name: 'setVisualProperty', method: 'put', url: `${VISUAL}/property` },
] as const;

export type VisualAuthoringRoute = (typeof VISUAL_AUTHORING_ROUTES)[number]['name'];

export const AUTHORING_ROUTES = [
  { name: 'switchMode', method: 'post', url: '/report/switchMode/:mode' },
  { name: 'hasUnsavedChanges', method: 'get', url: '/report/hasUnsavedChanges' },
  { name: 'save', method: 'post', url: '/report/save' },
  { name: 'saveAs', method: 'post', url: '/report/saveAs' },
  { name: 'create', method: 'post', url: '/report/create' },
  { name: 'cloneVisual', method: 'post', url: `${VISUAL}/clone` },
  ...VISUAL_AUTHORING_ROUTES,
] as const;

export type AuthoringRoute = (typeof AUTHORING_ROUTES)[number]['name'];

/** One handler per authoring route: the editor answers every route registered here. */
export type AuthoringHandlers = Record<AuthoringRoute, IRouterHandler>;

export function registerAuthoringRoutes(
  router: Router,
  fetchHandlers: () => Promise<AuthoringHandlers>,
): void {
  for (const { name, method, url } of AUTHORING_ROUTES) {
    router[method](url, async (request, response) => {
      try {
        const handlers = await fetchHandlers();
        await handlers[name](request, response);
      } catch (error) {
        response.send(500, { message: error instanceof Error ? error.message : String(error) });
      }
    });
  }
}
