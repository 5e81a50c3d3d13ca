/**
 * The embed session: the current uid, the token holder, and what is on screen (nothing yet, an
 * error, or a loaded report/dashboard/tile/paginated report). Loads replace it, also with a new uid.
 */
import { BiClient, BiError, type BiErrorCode } from '../api/bi-client.ts';
import { createFormatter, type Formatter } from '../i18n/format.ts';
import { messagesFor, type Messages } from '../i18n/messages.ts';
import { Store } from '../state/store.ts';
import type { FrameEndpoint } from '../protocol/endpoint.ts';
import type { EmbedContext } from './context.ts';
import type { ReportController } from '../report/report-controller.ts';
import type { DashboardView } from '../dashboard/dashboard-types.ts';
import type { PaginatedView } from '../paginated/paginated-types.ts';
import type { QnaView } from '../qna/qna-view.ts';

export type ScreenState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; code: BiErrorCode; message: string; hidden: boolean }
  | { kind: 'report'; controller: ReportController }
  | { kind: 'dashboard'; view: DashboardView }
  | { kind: 'paginated'; view: PaginatedView }
  | { kind: 'qna'; view: QnaView };

const EVENT_BASE: Record<string, string> = {
  report: 'reports',
  dashboard: 'dashboards',
  tile: 'tile',
  qna: 'qna',
};

export class FrameSession {
  readonly context: EmbedContext;
  readonly messages: Messages;
  readonly format: Formatter;
  readonly screen = new Store<{ screen: ScreenState }>({ screen: { kind: 'idle' } });
  private readonly endpoint: FrameEndpoint;
  uid: string | undefined;
  eventBase = 'reports';
  client: BiClient | null = null;
  /** Bumped on every load, so that a slow earlier load never overwrites a later one. */
  loadSequence = 0;

  constructor(context: EmbedContext, endpoint: FrameEndpoint) {
    this.context = context;
    this.uid = context.uid;
    this.endpoint = endpoint;
    this.messages = messagesFor(context.language);
    this.format = createFormatter(context.formatLocale, this.messages.blank);
  }

  private lastLoadSignature = '';

  /**
   * The SDK sends the same config twice when the frame announces itself (/frontload/config, then
   * /report/load on iframe load): the second one is answered but not loaded again.
   */
  isRepeat(uid: string | undefined, config: unknown): boolean {
    const signature = JSON.stringify([uid, config]);
    const repeat =
      signature === this.lastLoadSignature && this.screen.get().screen.kind !== 'error';
    this.lastLoadSignature = signature;
    return repeat;
  }

  /** Starts a load: adopts the request's uid and token and shows the loading state. */
  beginLoad(
    uid: string | undefined,
    kind: 'report' | 'dashboard' | 'tile' | 'qna',
    token: string,
  ): number {
    if (uid) this.uid = uid;
    this.eventBase = EVENT_BASE[kind] ?? 'reports';
    this.client = new BiClient(token);
    this.screen.set({ screen: { kind: 'loading' } });
    this.loadSequence += 1;
    return this.loadSequence;
  }

  isCurrent(sequence: number): boolean {
    return sequence === this.loadSequence;
  }

  show(screen: ScreenState): void {
    this.screen.set({ screen });
  }

  emit(name: string, body: unknown): void {
    void this.endpoint.post(`/${this.eventBase}/${this.uid}/events/${name}`, body);
  }

  announceReady(): void {
    void this.endpoint.post(`/ready/${this.uid}`, null);
  }

  /** Posts `error` (IError) and, unless hideErrors is set, shows the localized message. */
  fail(error: unknown, hideErrors: boolean): void {
    const code: BiErrorCode = error instanceof BiError ? error.code : 'LoadReportFailed';
    const detail = error instanceof Error ? error.message : String(error);
    const message =
      this.messages.errors[code as keyof Messages['errors']] ??
      this.messages.errors.LoadReportFailed;
    this.show({ kind: 'error', code, message, hidden: hideErrors });
    this.emit('error', { message, detailedMessage: detail, errorCode: code, level: 6 });
  }
}
