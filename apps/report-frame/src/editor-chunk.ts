/**
 * The report editor is a chunk of its own, so a viewer never downloads it. It is fetched when a
 * load asks for edit mode or when the host first calls one of the authoring routes (switchMode,
 * save, create…); until then a report is shown by its reading view alone.
 */
import type { FrameSession } from './embed/session.ts';
import type { ReportController } from './report/report-controller.ts';
import type { AuthoringHandlers } from './routes/authoring-routes.ts';
import type { EditorOpener } from './routes/load-report.ts';
import { Store } from './state/store.ts';

async function importEditor(session: FrameSession) {
  const editor = await import('./editor/chunk.ts');
  const authoring = new editor.Authoring();
  return {
    AuthoringView: editor.AuthoringView,
    authoring,
    handlers: editor.authoringHandlers(session, authoring),
  };
}

export type LoadedEditor = Awaited<ReturnType<typeof importEditor>>;

/** The frame's editor, fetched once on first need; the report screen shows its authoring view then. */
export class EditorChunk implements EditorOpener {
  readonly store = new Store<{ loaded: LoadedEditor | null }>({ loaded: null });
  private readonly session: FrameSession;
  private loading: Promise<LoadedEditor> | undefined;

  constructor(session: FrameSession) {
    this.session = session;
  }

  load(): Promise<LoadedEditor> {
    this.loading ??= importEditor(this.session).then((loaded) => {
      this.store.set({ loaded });
      return loaded;
    });
    return this.loading;
  }

  async handlers(): Promise<AuthoringHandlers> {
    return (await this.load()).handlers;
  }

  async openInEditMode(controller: ReportController): Promise<void> {
    (await this.load()).authoring.openInEditMode(controller);
  }
}
