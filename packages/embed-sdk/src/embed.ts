import { models, TransportError } from './protocol/index.ts';
import type {
  IEmbedConfiguration,
  IEmbedConfigurationBase,
  IInternalEventHandler,
} from './embed-types.ts';
import type { IEmbedHost } from './embed-host.ts';
import type { IEventHandler } from './event-types.ts';
import { registerFrame } from './frames.ts';
import { adoptPreloaded } from './preloaded-frames.ts';
import { embedAttributes } from './embed-attributes.ts';
import {
  resolveAccessToken,
  resolveEmbedUrl,
  resolveGroupId,
  resolveUniqueId,
  withLocaleParams,
} from './embed-config.ts';
import { enterFullscreen, leaveFullscreen } from './fullscreen.ts';
import { findQueryIdInUrl } from './id-from-url.ts';
import { addParamToUrl, bodyOf, ignoreAutomatic, raiseCustomEvent, remove } from './util.ts';

export type * from './embed-types.ts';

/** How long the initial load may go unanswered before the SDK asks where the frame is. */
const frameProbeDelay = 1000;

/**
 * The base of every embedded component: config population, the iframe, the initial load, the
 * front-load handshake, events and the calls every type shares (2.8.0's `embed` module).
 */
export abstract class Embed {
  static allowedEvents = [
    'loaded',
    'saved',
    'rendered',
    'saveAsTriggered',
    'error',
    'dataSelected',
    'buttonClicked',
  ];
  static accessTokenAttribute: string = embedAttributes.accessToken;
  static embedUrlAttribute: string = embedAttributes.embedUrl;
  static nameAttribute: string = embedAttributes.name;
  static typeAttribute: string = embedAttributes.type;
  static type: string | undefined;
  static maxFrontLoadTimes = 2;

  allowedEvents: string[] = [];
  eventHandlers: IInternalEventHandler<unknown>[] = [];
  service: IEmbedHost;
  element: HTMLElement;
  iframe!: HTMLIFrameElement;
  config!: IEmbedConfiguration;
  loadPath!: string;
  phasedLoadPath!: string;
  /** The lowercased type (2.8.0's spelling). */
  embeType: string;

  /** The lowercased type under its later name (powerbi-client 2.9+; powerbi-client-react reads it). */
  get embedtype(): string {
    return this.embeType;
  }
  frontLoadHandler?: () => void;
  /** Create embeds only: what their iframe `load` sends to `/report/create`. */
  declare createConfig?: models.IReportCreateConfiguration;
  /** Set by `bootstrap()`: the iframe is up but `embed()` has not yet supplied the token and ids. */
  #bootstrapConfig: IEmbedConfiguration | undefined;
  #iframeLoaded = false;

  constructor(
    service: IEmbedHost,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    iframe?: HTMLIFrameElement,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    this.allowedEvents.push(...Embed.allowedEvents);
    this.service = service;
    this.element = element;
    if (iframe) this.iframe = iframe;
    this.embeType = String(config.type).toLowerCase();
    if (isBootstrap) this.#bootstrapConfig = { ...config };
    this.populateConfig(config, isBootstrap);
    this.setIframe(this.embeType !== 'create', phasedRender);
  }

  /**
   * Sends the load (or, phased, the prepare) request with the given config.
   * @example report.load(config).then(() => console.log('the frame accepted the config'))
   */
  load(config: IEmbedConfigurationBase, phasedRender?: boolean): Promise<void> {
    const path = phasedRender && config.type === 'report' ? this.phasedLoadPath : this.loadPath;
    const headers = { uid: this.config.uniqueId, sdkSessionId: this.service.getSdkSessionId() };
    return bodyOf(this.service.hpm.post<void>(path, config, headers, this.frameWindow())).then(
      (body) => {
        Object.assign(this.config, config);
        return body;
      },
    );
  }

  /** Sends the current config again (never phased). */
  reload(): Promise<void> {
    return this.load(this.config);
  }

  /** Hands the frame a fresh token; on success it becomes the config's, the element's and the service's token. */
  setAccessToken(accessToken: string): Promise<void> {
    const tokenType = ['create', 'visual', 'qna'].includes(this.embeType)
      ? 'report'
      : this.embeType;
    const request = this.service.hpm.post<void>(
      `/${tokenType}/token`,
      accessToken,
      this.uidHeader(),
      this.frameWindow(),
    );
    return bodyOf(request).then((body) => {
      this.config.accessToken = accessToken;
      this.element.setAttribute(Embed.accessTokenAttribute, accessToken);
      this.service.accessToken = accessToken;
      return body;
    });
  }

  /** Validates and sends a create-report config. Throws the models' IError[] (2.8.0's contract). */
  createReport(config: models.IReportCreateConfiguration): Promise<void> {
    const errors = models.validateCreateReport(config);
    if (errors) throw errors;
    const headers = { uid: this.config.uniqueId, sdkSessionId: this.service.getSdkSessionId() };
    return bodyOf(
      this.service.hpm.post<void>('/report/create', config, headers, this.frameWindow()),
    );
  }

  save(): Promise<void> {
    return bodyOf(
      this.service.hpm.post<void>('/report/save', null, this.uidHeader(), this.frameWindow()),
    );
  }

  saveAs(saveAsParameters: models.ISaveAsParameters): Promise<void> {
    return bodyOf(
      this.service.hpm.post<void>(
        '/report/saveAs',
        saveAsParameters,
        this.uidHeader(),
        this.frameWindow(),
      ),
    );
  }

  /** Subscribes to an allowed event; the handler gets the CustomEvent dispatched on the container. */
  on<T>(eventName: string, handler: IEventHandler<T>): void {
    if (this.allowedEvents.indexOf(eventName) === -1) {
      throw new Error(
        `eventName is must be one of ${this.allowedEvents.join(',')}. You passed: ${eventName}`,
      );
    }
    this.eventHandlers.push({
      test: (event) => event.name === eventName,
      handle: handler as IEventHandler<unknown>,
    });
    this.element.addEventListener(eventName, handler as EventListener);
  }

  /** Removes one handler, or every handler of the event when none is given. */
  off<T>(eventName: string, handler?: IEventHandler<T>): void {
    const probe = { name: eventName };
    const matching = this.eventHandlers.filter(
      (h) => h.test(probe) && (!handler || h.handle === (handler as unknown)),
    );
    for (const record of matching) {
      remove((h) => h === record, this.eventHandlers);
      this.element.removeEventListener(eventName, record.handle as EventListener);
    }
    if (handler) this.element.removeEventListener(eventName, handler as EventListener);
  }

  /** Fills `config` in 2.8.0's order: uniqueId, embedUrl, accessToken, groupId, locale parameters. */
  populateConfig(config: IEmbedConfigurationBase, isBootstrap?: boolean): void {
    this.config = config as IEmbedConfiguration;
    config.uniqueId = resolveUniqueId(config, this.element);
    config.embedUrl = this.withLayoutParams(resolveEmbedUrl(config, this.element));
    if (!isBootstrap) {
      config.accessToken = resolveAccessToken(config, this.element, this.service.accessToken);
    }
    config.groupId = resolveGroupId(config);
    config.embedUrl = withLocaleParams(config.embedUrl, config);
  }

  /** The id of the embedded item; each type says where it comes from. */
  abstract getId(): string | null;

  /** The models validator of the type: undefined when valid, else a one-element IError[]. */
  abstract validate(config: IEmbedConfigurationBase): models.IError[] | undefined;

  /** Puts the iframe in fullscreen with whichever API the browser has. */
  fullscreen(): void {
    enterFullscreen(this.iframe);
  }

  /** Leaves fullscreen, only when the iframe is the fullscreen element. */
  exitFullscreen(): void {
    leaveFullscreen(this.iframe);
  }

  /** Sets the iframe title; null or undefined removes it. */
  setComponentTitle(title: string | null | undefined): void {
    if (!this.iframe) return;
    if (title == null) this.iframe.removeAttribute('title');
    else this.iframe.setAttribute('title', title);
  }

  /** Makes the container focusable (default tab index 0). */
  setComponentTabIndex(tabIndex?: number): void {
    this.element?.setAttribute('tabindex', tabIndex === undefined ? '0' : String(tabIndex));
  }

  removeComponentTabIndex(): void {
    this.element?.removeAttribute('tabindex');
  }

  /** Regex of 2.8.0 (case-sensitive; a quoted value keeps its closing quote). */
  static findGroupIdFromEmbedUrl(url: string): string | undefined {
    return findQueryIdInUrl('groupId', url);
  }

  /** True while the embed came from `bootstrap()` and waits for `embed()`. */
  isBootstrapped(): boolean {
    return this.#bootstrapConfig !== undefined;
  }

  /**
   * Completes a bootstrapped embed with the config given to `embed()` (layered over the bootstrap
   * config, so the uid in the iframe's src stays valid). Sends the load now if the iframe already
   * loaded, else its `load` event will.
   */
  completeBootstrap(config: IEmbedConfigurationBase, phasedRender?: boolean): void {
    const merged = { ...this.#bootstrapConfig, uniqueId: this.config.uniqueId, ...config };
    this.#bootstrapConfig = undefined;
    this.populateConfig(merged);
    const errors = this.validate(this.config);
    if (errors) throw errors;
    this.#phasedRender = phasedRender;
    if (this.#iframeLoaded) this.#sendInitialLoad();
  }

  /** The `{uid}` header every component call carries. */
  protected uidHeader(): { uid: string | undefined } {
    return { uid: this.config.uniqueId };
  }

  /** The frame window calls are posted to (undefined once the iframe left the DOM). */
  protected frameWindow(): Window | undefined {
    return this.iframe?.contentWindow ?? undefined;
  }

  #phasedRender: boolean | undefined;

  /** Hook for parameters that go before the locale ones (the report's `isMobile`). */
  protected withLayoutParams(embedUrl: string): string {
    return embedUrl;
  }

  /**
   * Creates the iframe (unless one was handed over or a bootstrap adopts a preloaded one),
   * validates, and wires the load triggers.
   */
  private setIframe(isLoad: boolean, phasedRender?: boolean): void {
    if (!this.iframe) this.iframe = this.#adoptOfferedFrame() ?? this.#createIframe();
    if (!isLoad) {
      this.iframe.addEventListener('load', () => {
        if (this.createConfig) void this.createReport(this.createConfig).catch(ignoreAutomatic);
      });
      return;
    }
    if (!this.isBootstrapped()) {
      const errors = this.validate(this.config);
      // 2.8.0's contract: validation failures throw the models' IError[] as is.
      if (errors) throw errors;
    }
    this.#phasedRender = phasedRender;
    // Every `load` of the iframe (first load, navigation, reload) sends the config again, as 2.8.0 does.
    this.iframe.addEventListener('load', () => {
      this.#iframeLoaded = true;
      if (!this.isBootstrapped()) this.#sendInitialLoad();
    });
    if (this.service.getNumberOfComponents() <= Embed.maxFrontLoadTimes) {
      // A bootstrapped embed has no config to send until `embed()` completes it (2.8.0 has no
      // bootstrap); `completeBootstrap` sends the load then.
      this.frontLoadHandler = () => {
        if (!this.isBootstrapped())
          void this.frontLoadSendConfig(this.config)?.catch(ignoreAutomatic);
      };
      // The frame's `/ready/:uid` becomes a `ready` event on the container, not on the iframe.
      this.element.addEventListener('ready', this.frontLoadHandler, false);
    }
  }

  #createIframe(): HTMLIFrameElement {
    const iframe = document.createElement('iframe');
    const src = addParamToUrl(this.config.embedUrl ?? '', 'uid', this.config.uniqueId ?? '');
    iframe.setAttribute('src', src);
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowfullscreen', 'true');
    this.element.replaceChildren(iframe);
    return this.#trust(iframe, src);
  }

  /**
   * The preloaded iframe the bootstrap offered, moved into the element, when it shows this
   * embed's page. It has no uid in its src: the frame takes the uid from the load's header.
   */
  #adoptOfferedFrame(): HTMLIFrameElement | undefined {
    const offered = this.isBootstrapped() ? this.service.takeOfferedFrame?.() : undefined;
    const adopted = offered && adoptPreloaded(offered, this.element, this.config.embedUrl ?? '');
    if (!offered || !adopted) return undefined;
    this.#iframeLoaded = adopted.loaded;
    return this.#trust(offered, offered.src);
  }

  /** Sizes the iframe to its container and registers its window with the SDK's trusted frames. */
  #trust(iframe: HTMLIFrameElement, src: string): HTMLIFrameElement {
    iframe.style.width = '100%';
    iframe.style.height = '100%';
    registerFrame(iframe, src, {
      allowedOrigins: this.service.allowedOrigins,
      onRefused: (origin) =>
        this.#raiseError('FrameOriginNotAllowed', `Frame origin ${origin} is not allowed`),
    });
    return iframe;
  }

  /**
   * Nobody awaits the automatic load. A frame that answers reports its own failures as `error`
   * events; one that could not be reached or never answered (the transport's own failure) is
   * reported here, so no embed waits without saying why. Any other rejection is ignored, as
   * 2.8.0 ignores them all: host code and test suites replace `load`, the proxy or the frame with
   * stand-ins whose failures are theirs, and an `error` event raised for them would land, at a
   * moment set by the iframe, in whatever the page is doing then (decision 0302).
   */
  #sendInitialLoad(): void {
    const probe = setTimeout(() => this.#probeWhereaboutsOfFrame(), frameProbeDelay);
    // A stand-in `load` may return nothing or throw: neither becomes an exception in the iframe's `load`.
    new Promise((settle) => settle(this.load(this.config, this.#phasedRender))).then(
      () => clearTimeout(probe),
      (reason: unknown) => {
        clearTimeout(probe);
        if (reason instanceof TransportError)
          this.#raiseError(models.CommonErrorCodes.LoadReportFailed, reason.message);
      },
    );
  }

  /**
   * Requests go only to the origin the frame is known to show, so a frame that was redirected
   * elsewhere and never speaks first gets nothing and says nothing. Asking it, at any origin,
   * something that carries no secret (its pages) makes it answer from where it is: an allowed
   * origin is learnt and the lost load posted again, another one becomes an `error` event naming
   * it (decision 0266).
   */
  #probeWhereaboutsOfFrame(): void {
    const target = this.frameWindow();
    if (target)
      new Promise((settle) =>
        settle(this.service.hpm.get('/report/pages', this.uidHeader(), target, '*')),
      ).catch(ignoreAutomatic);
  }

  /** An `error` event on the container, shaped like the frame's own (`IError`). */
  #raiseError(message: string, detailedMessage: string): void {
    const detail = { message, detailedMessage, level: models.TraceType.Error };
    raiseCustomEvent(this.element, 'error', detail);
  }

  /** Answers the frame's early `ready` with the config, before the iframe `load` event. */
  private frontLoadSendConfig(config: IEmbedConfigurationBase): Promise<void> | undefined {
    const errors = this.validate(config);
    if (errors) throw errors;
    const target = this.frameWindow();
    if (!target) return undefined;
    return bodyOf(
      this.service.hpm.post<void>('/frontload/config', config, this.uidHeader(), target),
    );
  }
}
