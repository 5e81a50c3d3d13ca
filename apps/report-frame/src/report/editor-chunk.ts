/**
 * The report editor is a chunk of its own, so a viewer never downloads it. It is fetched when a
 * load asks for edit mode or when the host first calls one of the authoring routes (switchMode,
 * save, create…); until then a report is shown by its reading view alone.
 */
import { Router, type IRouterHandler } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { Store } from '../state/store.ts';

/** The authoring routes (editor/edit-routes.ts), registered at boot so no request is missed. */
export const EDIT_ROUTES = [
  ['post', '/report/switchMode/:mode'],
  ['get', '/report/hasUnsavedChanges'],
  ['post', '/report/save'],
  ['post', '/report/saveAs'],
  ['post', '/report/create'],
  ['post', '/report/pages/:page/visuals/:visual/clone'],
] as const;

/** Keeps the routes a module registers, by method and path, instead of listening for them. */
export class RouteRecorder extends Router {
  readonly routes = new Map<string, IRouterHandler>();

  constructor() {
    super({ addHandler: () => undefined });
  }

  override get(url: string, handler: IRouterHandler): this {
    this.routes.set(`get ${url}`, handler);
    return this;
  }

  override post(url: string, handler: IRouterHandler): this {
    this.routes.set(`post ${url}`, handler);
    return this;
  }
}

async function importEditor(session: FrameSession) {
  const editor = await import('./editor-parts.ts');
  const recorder = new RouteRecorder();
  editor.registerEditRoutes(recorder, session);
  return {
    AuthoringView: editor.AuthoringView,
    openInMode: editor.openInMode,
    routes: recorder.routes,
  };
}

type EditorChunk = Awaited<ReturnType<typeof importEditor>>;

/** The editor once fetched: the report screen switches to the authoring view then. */
export const editorChunk = new Store<{ loaded: EditorChunk | null }>({ loaded: null });
let loading: Promise<EditorChunk> | undefined;

export function loadEditor(session: FrameSession): Promise<EditorChunk> {
  loading ??= importEditor(session).then((loaded) => {
    editorChunk.set({ loaded });
    return loaded;
  });
  return loading;
}

/** Each authoring route fetches the editor on its first call, then runs the editor's handler. */
export function registerEditRoutesOnDemand(router: Router, session: FrameSession): void {
  for (const [method, url] of EDIT_ROUTES) {
    router[method](url, async (request, response) => {
      try {
        const { routes } = await loadEditor(session);
        await routes.get(`${method} ${url}`)?.(request, response);
      } catch (error) {
        response.send(500, { message: error instanceof Error ? error.message : String(error) });
      }
    });
  }
}
