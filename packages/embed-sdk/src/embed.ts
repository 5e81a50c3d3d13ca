import { models } from './protocol/index.ts';
import type {
  IEmbedConfiguration,
  IEmbedConfigurationBase,
  IInternalEventHandler,
} from './embed-types.ts';
import type { IEventHandler, Service } from './service.ts';
import { registerFrame } from './frames.ts';
import { addParamToUrl, bodyOf, createRandomString, remove } from './util.ts';

export type * from './embed-types.ts';

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
  static accessTokenAttribute = 'powerbi-access-token';
  static embedUrlAttribute = 'powerbi-embed-url';
  static nameAttribute = 'powerbi-name';
  static typeAttribute = 'powerbi-type';
  static type: string | undefined;
  static maxFrontLoadTimes = 2;

  allowedEvents: string[] = [];
  eventHandlers: IInternalEventHandler<unknown>[] = [];
  service: Service;
  element: HTMLElement;
  iframe!: HTMLIFrameElement;
  config!: IEmbedConfiguration;
  loadPath!: string;
  phasedLoadPath!: string;
  /** The lowercased type (2.8.0's spelling). */
  embeType: string;
  frontLoadHandler?: () => void;
  /** Create embeds only: what their iframe `load` sends to `/report/create`. */
  declare createConfig?: models.IReportCreateConfiguration;
  /** Set by `bootstrap()`: the iframe is up but `embed()` has not yet supplied the token and ids. */
  private bootstrapConfig: IEmbedConfiguration | undefined;
  private iframeLoaded = false;

  constructor(
    service: Service,
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
    if (isBootstrap) this.bootstrapConfig = { ...config };
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
    config.uniqueId = this.getUniqueId();
    config.embedUrl = this.getEmbedUrl();
    if (!isBootstrap) config.accessToken = this.getAccessToken(this.service.accessToken);
    config.groupId = this.getGroupId();
    this.addLocaleToEmbedUrl(config);
  }

  /** The id of the embedded item; each type says where it comes from. */
  abstract getId(): string | null;

  /** The models validator of the type: undefined when valid, else a one-element IError[]. */
  abstract validate(config: IEmbedConfigurationBase): models.IError[] | undefined;

  /** Puts the iframe in fullscreen with whichever API the browser has. */
  fullscreen(): void {
    const frame = this.iframe as HTMLIFrameElement & Record<string, (() => void) | undefined>;
    const request =
      frame.requestFullscreen ??
      frame['msRequestFullscreen'] ??
      frame['mozRequestFullScreen'] ??
      frame['webkitRequestFullscreen'];
    void request?.call(frame);
  }

  /** Leaves fullscreen, only when the iframe is the fullscreen element. */
  exitFullscreen(): void {
    if (!this.isFullscreen(this.iframe)) return;
    const doc = document as Document & Record<string, (() => void) | undefined>;
    const exit =
      doc.exitFullscreen ??
      doc['msExitFullscreen'] ??
      doc['mozCancelFullScreen'] ??
      doc['webkitExitFullscreen'];
    void exit?.call(doc);
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
    return /groupId="?([^&]+)"?/.exec(url)?.[1];
  }

  /** True while the embed came from `bootstrap()` and waits for `embed()`. */
  isBootstrapped(): boolean {
    return this.bootstrapConfig !== undefined;
  }

  /**
   * Completes a bootstrapped embed with the config given to `embed()` (layered over the bootstrap
   * config, so the uid in the iframe's src stays valid). Sends the load now if the iframe already
   * loaded, else its `load` event will.
   */
  completeBootstrap(config: IEmbedConfigurationBase, phasedRender?: boolean): void {
    const merged = { ...this.bootstrapConfig, uniqueId: this.config.uniqueId, ...config };
    this.bootstrapConfig = undefined;
    this.populateConfig(merged);
    const errors = this.validate(this.config);
    if (errors) throw errors;
    this.phasedRender = phasedRender;
    if (this.iframeLoaded) this.sendInitialLoad();
  }

  /** The `{uid}` header every component call carries. */
  protected uidHeader(): { uid: string | undefined } {
    return { uid: this.config.uniqueId };
  }

  /** The frame window calls are posted to (undefined once the iframe left the DOM). */
  protected frameWindow(): Window | undefined {
    return this.iframe?.contentWindow ?? undefined;
  }

  private phasedRender: boolean | undefined;

  private getUniqueId(): string {
    return (
      this.config.uniqueId || this.element.getAttribute(Embed.nameAttribute) || createRandomString()
    );
  }

  private getEmbedUrl(): string {
    const embedUrl = this.config.embedUrl || this.element.getAttribute(Embed.embedUrlAttribute);
    if (typeof embedUrl !== 'string' || embedUrl.length === 0) {
      throw new Error(
        `Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute '${Embed.embedUrlAttribute}'.`,
      );
    }
    return this.withLayoutParams(embedUrl);
  }

  /** Hook for parameters that go before the locale ones (the report's `isMobile`). */
  protected withLayoutParams(embedUrl: string): string {
    return embedUrl;
  }

  private getAccessToken(globalAccessToken: string | undefined): string {
    const token =
      this.config.accessToken ||
      this.element.getAttribute(Embed.accessTokenAttribute) ||
      globalAccessToken;
    if (!token) {
      throw new Error(
        `No access token was found for element. You must specify an access token directly on the element using attribute '${Embed.accessTokenAttribute}' or specify a global token at: powerbi.accessToken.`,
      );
    }
    return token;
  }

  private getGroupId(): string | undefined {
    return this.config.groupId || Embed.findGroupIdFromEmbedUrl(this.config.embedUrl ?? '');
  }

  private addLocaleToEmbedUrl(config: IEmbedConfigurationBase): void {
    const locale = config.settings?.localeSettings;
    if (locale?.language)
      this.config.embedUrl = addParamToUrl(this.config.embedUrl ?? '', 'language', locale.language);
    if (locale?.formatLocale) {
      this.config.embedUrl = addParamToUrl(
        this.config.embedUrl ?? '',
        'formatLocale',
        locale.formatLocale,
      );
    }
  }

  private isFullscreen(iframe: HTMLIFrameElement): boolean {
    const doc = document as Document & Record<string, unknown>;
    const candidates = [
      'fullscreenElement',
      'webkitFullscreenElement',
      'mozFullscreenScreenElement',
      'msFullscreenElement',
    ];
    return candidates.some((key) => doc[key] === iframe);
  }

  /** Creates the iframe (unless one was handed over), validates, and wires the load triggers. */
  private setIframe(isLoad: boolean, phasedRender?: boolean): void {
    if (!this.iframe) this.iframe = this.createIframe();
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
    this.phasedRender = phasedRender;
    // Every `load` of the iframe (first load, navigation, reload) sends the config again, as 2.8.0 does.
    this.iframe.addEventListener('load', () => {
      this.iframeLoaded = true;
      if (!this.isBootstrapped()) this.sendInitialLoad();
    });
    if (this.service.getNumberOfComponents() <= Embed.maxFrontLoadTimes) {
      this.frontLoadHandler = () =>
        void this.frontLoadSendConfig(this.config)?.catch(ignoreAutomatic);
      // The frame's `/ready/:uid` becomes a `ready` event on the container, not on the iframe.
      this.element.addEventListener('ready', this.frontLoadHandler, false);
    }
  }

  private createIframe(): HTMLIFrameElement {
    const iframe = document.createElement('iframe');
    const src = addParamToUrl(this.config.embedUrl ?? '', 'uid', this.config.uniqueId ?? '');
    iframe.style.width = '100%';
    iframe.style.height = '100%';
    iframe.setAttribute('src', src);
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowfullscreen', 'true');
    this.element.replaceChildren(iframe);
    registerFrame(iframe, src);
    return iframe;
  }

  private sendInitialLoad(): void {
    // Nobody awaits the automatic load; failures reach the host as the frame's `error` event.
    void this.load(this.config, this.phasedRender).catch(ignoreAutomatic);
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

/** Rejections of requests the SDK sends on its own have no caller to receive them. */
function ignoreAutomatic(): void {}
