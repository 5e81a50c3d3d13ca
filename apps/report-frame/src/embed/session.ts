/**
 * The embed session: the current uid, the token holder, and what is on screen. Every load of
 * every embed kind runs through `runLoad`, which replaces what is shown (also with a new uid).
 */
import { BiClient, BiError, type BiErrorCode } from '../api/bi-client.ts';
import { createFormatter, type Formatter } from '../i18n/format.ts';
import { messagesFor, type Messages } from '../i18n/messages.ts';
import { Store } from '../state/store.ts';
import type { EmbedContext } from './context.ts';
import { FrontloadEcho } from './frontload-echo.ts';
import type { LoadedScreen, ScreenState } from './screen.ts';
import type { ViewContext } from '../protocol/view-context.ts';

export type LoadKind = 'report' | 'dashboard' | 'tile' | 'qna';

/** Posts an event request to the host page (the endpoint decides where, and whether it may). */
export type PostToHost = (url: string, body: unknown) => void;

export interface LoadRequest {
  kind: LoadKind;
  /** The request's `uid` header; the session keeps its current uid when there is none. */
  uid: string | undefined;
  config: { accessToken: string };
  /** True for `/frontload/config`, the SDK's early copy of the load that follows. */
  frontload: boolean;
  hideErrors: boolean;
}

/** What a load built: the screen to show, and what starts once the host heard `loaded`. */
export interface Loaded {
  screen: LoadedScreen;
  afterLoaded?: () => void;
}

const EVENT_BASE: Record<LoadKind, string> = {
  report: 'reports',
  dashboard: 'dashboards',
  tile: 'tile',
  qna: 'qna',
};

export class FrameSession implements ViewContext {
  readonly context: EmbedContext;
  readonly messages: Messages;
  readonly format: Formatter;
  readonly screen = new Store<{ screen: ScreenState }>({ screen: { kind: 'idle' } });
  private readonly postToHost: PostToHost;
  private readonly frontload = new FrontloadEcho();
  private uid: string | undefined;
  private eventBase = 'reports';
  private client: BiClient | null = null;
  /** Bumped on every load, so that a slow earlier load never overwrites a later one. */
  private loads = 0;

  constructor(context: EmbedContext, postToHost: PostToHost) {
    this.context = context;
    this.uid = context.uid;
    this.postToHost = postToHost;
    this.messages = messagesFor(context.language);
    this.format = createFormatter(context.formatLocale, this.messages.blank);
  }

  /** How many loads have started: a new number means a new view, even of the same report. */
  get loadNumber(): number {
    return this.loads;
  }

  /**
   * Runs one load: adopts the request's uid and token, shows the loading state, builds the view
   * with `build`, then shows it and posts `loaded` — or posts `error` — unless a later load began.
   */
  async runLoad(request: LoadRequest, build: (client: BiClient) => Promise<Loaded>): Promise<void> {
    const uid = request.uid ?? this.uid;
    const failed = this.screen.get().screen.kind === 'error';
    if (this.frontload.isEcho({ ...request, uid }, failed)) return;
    this.uid = uid;
    this.eventBase = EVENT_BASE[request.kind];
    const client = new BiClient(request.config.accessToken);
    this.client = client;
    this.show({ kind: 'loading' });
    const load = ++this.loads;
    try {
      const loaded = await build(client);
      if (load !== this.loads) return;
      this.show(loaded.screen);
      this.emit('loaded', null);
      loaded.afterLoaded?.();
    } catch (error) {
      if (load === this.loads) this.fail(error, request.hideErrors);
    }
  }

  /** Hands the current load a fresh token; false when nothing was loaded yet. */
  setToken(accessToken: string): boolean {
    this.client?.setToken(accessToken);
    return this.client !== null;
  }

  show(screen: ScreenState): void {
    this.screen.set({ screen });
  }

  emit(name: string, body: unknown): void {
    this.postToHost(`/${this.eventBase}/${this.uid}/events/${name}`, body);
  }

  announceReady(): void {
    this.postToHost(`/ready/${this.uid}`, null);
  }

  /** Posts `error` (IError) and, unless hideErrors is set, shows the localized message. */
  private fail(error: unknown, hideErrors: boolean): void {
    const code: BiErrorCode = error instanceof BiError ? error.code : 'LoadReportFailed';
    const detail = error instanceof Error ? error.message : String(error);
    const message = this.messages.errors[code] ?? this.messages.errors.LoadReportFailed;
    this.show({ kind: 'error', code, message, hidden: hideErrors });
    this.emit('error', { message, detailedMessage: detail, errorCode: code, level: 6 });
  }
}
