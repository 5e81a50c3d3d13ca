import { Create } from './create.ts';
import { Embed } from './embed.ts';
import type { IEmbedHost } from './embed-host.ts';
import type { IEmbedConfiguration, IEmbedConfigurationBase } from './embed-types.ts';
import type { IHpmFactory, IRouterFactory, IWpmpFactory } from './factories.ts';
import { trustedFrames } from './frames.ts';
import * as errors from './service-errors.ts';
import { Page } from './page.ts';
import { trackPreloaded } from './preloaded-frames.ts';
import type { HttpPostMessage, IExtendedRequest, Router } from './protocol/index.ts';
import { Report } from './report.ts';
import type {
  IBootstrapEmbedConfiguration,
  IEvent,
  IPowerBiElement,
  IService,
  IServiceConfiguration,
} from './service-types.ts';
import { components, embedPages, eventRoutes } from './service-registry.ts';
import type { WindowPostMessageProxy } from './protocol/index.ts';
import { find, generateUUID, ignoreAutomatic, raiseCustomEvent, remove } from './util.ts';

export type * from './service-types.ts';

/**
 * The registry of embeds in a page: creates components, owns the transport, and turns the
 * frames' event messages into DOM CustomEvents on the embeds' containers.
 * @example
 * const report = powerbi.embed(container, { type: 'report', id, embedUrl, accessToken });
 * report.on('loaded', () => console.log('loaded'));
 */
export class Service implements IService, IEmbedHost {
  private static defaultConfig: IServiceConfiguration = {
    autoEmbedOnContentLoaded: false,
    onError: (...args: unknown[]) => console.log(args[0], args.slice(1)),
  };

  /** Global fallback token; `setAccessToken` on any embed overwrites it. */
  declare accessToken: string | undefined;
  wpmp: WindowPostMessageProxy;
  hpm: HttpPostMessage<Window>;
  router: Router;
  private uniqueSessionId: string;
  private embeds: Embed[];
  private config: IServiceConfiguration;
  /** The preloaded iframe the `bootstrap` in progress offers its embed (decision 0211). */
  #offeredFrame: HTMLIFrameElement | undefined;

  constructor(
    hpmFactory: IHpmFactory,
    wpmpFactory: IWpmpFactory,
    routerFactory: IRouterFactory,
    config: IServiceConfiguration = {},
  ) {
    this.wpmp = wpmpFactory(config.wpmpName, config.logMessages, undefined, {
      requestTimeout: config.requestTimeout,
    });
    this.hpm = hpmFactory(this.wpmp, null, config.version, config.type);
    this.router = routerFactory(this.wpmp);
    this.uniqueSessionId = generateUUID();
    for (const [pattern, type] of eventRoutes) {
      this.router.post(pattern, (req) =>
        this.#handleRoutedEvent(type, req, String(req.params['eventName'])),
      );
    }
    this.router.post('/ready/:uniqueId', (req) => this.#handleRoutedEvent('report', req, 'ready'));
    this.embeds = [];
    this.config = { ...Service.defaultConfig, ...config };
    if (this.config.autoEmbedOnContentLoaded) this.enableAutoEmbed();
  }

  /** Builds a Create component ("create report" mode); always new, as 2.8.0. */
  createReport(element: HTMLElement, config: IEmbedConfiguration): Embed {
    config.type = 'create';
    const component = new Create(this, element, config);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Embeds every descendant of `container` (default: body) that has `powerbi-embed-url`. */
  init(container?: HTMLElement, config?: IEmbedConfiguration): Embed[] {
    const root = container instanceof HTMLElement ? container : document.body;
    const elements = Array.from(root.querySelectorAll<HTMLElement>(`[${Embed.embedUrlAttribute}]`));
    return elements.map((element) => this.embed(element, config ? { ...config } : undefined));
  }

  /** Embeds, or re-embeds into the element's existing component. Throws synchronously on bad config. */
  embed(element: HTMLElement, config: IEmbedConfigurationBase = {}): Embed {
    return this.embedInternal(element, config);
  }

  /** Like `embed`, phased: a report gets `/report/prepare`, then `render()` shows it. */
  load(element: HTMLElement, config: IEmbedConfigurationBase = {}): Embed {
    return this.embedInternal(element, config, true);
  }

  /**
   * Starts the iframe before the token is known (from SDK 2.9): the page loads while the host
   * fetches the token; a later `embed()` on the element reuses the iframe and sends the load.
   * `preloaded`, beyond 2.9's signature, is an iframe `preload()` returned: when it shows exactly
   * the page this bootstrap would load and the browser can move iframes without reloading them,
   * it is moved into `element` and used, already loaded (decision 0211); else it is left alone.
   * @example powerbi.bootstrap(container, { type: 'report', embedUrl: 'https://bi.example/reportEmbed' });
   */
  bootstrap(
    element: HTMLElement,
    config: IBootstrapEmbedConfiguration,
    preloaded?: HTMLIFrameElement,
  ): Embed {
    const { hostname, ...rest } = config;
    const type = rest.type ?? element.getAttribute(Embed.typeAttribute) ?? '';
    if (!rest.embedUrl && !element.getAttribute(Embed.embedUrlAttribute) && embedPages[type]) {
      rest.embedUrl = `https://${hostname ?? 'app.powerbi.com'}/${embedPages[type]}`;
    }
    this.#offeredFrame = preloaded;
    try {
      return this.embedInternal(element, rest, false, true);
    } finally {
      this.#offeredFrame = undefined;
    }
  }

  /** Hands the bootstrap's preloaded iframe to the embed being built, once. */
  takeOfferedFrame(): HTMLIFrameElement | undefined {
    const offered = this.#offeredFrame;
    this.#offeredFrame = undefined;
    return offered;
  }

  embedInternal(
    element: HTMLElement,
    config: IEmbedConfigurationBase = {},
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    const target = element as IPowerBiElement;
    if (!target.powerBiEmbed) return this.embedNew(target, config, phasedRender, isBootstrap);
    if (isBootstrap) {
      throw errors.alreadyEmbedded(element);
    }
    return this.embedExisting(target, config, phasedRender);
  }

  /** Starts embedding on `DOMContentLoaded`. */
  enableAutoEmbed(): void {
    window.addEventListener('DOMContentLoaded', () => this.init(document.body), false);
  }

  /** The embed on `element`, or an Error naming the element. */
  get(element: HTMLElement): Embed {
    const component = (element as IPowerBiElement).powerBiEmbed;
    if (!component) {
      throw errors.noEmbed(element);
    }
    return component;
  }

  /** The first embed with this uniqueId. */
  find(uniqueId: string): Embed | undefined {
    return find((x) => x.config.uniqueId === uniqueId, this.embeds);
  }

  /** Forgets the element's embed and removes its iframe. */
  reset(element: HTMLElement): void {
    const target = element as IPowerBiElement;
    const component = target.powerBiEmbed;
    if (!component) return;
    if (component.frontLoadHandler)
      component.element.removeEventListener('ready', component.frontLoadHandler, false);
    remove((x) => x === component, this.embeds);
    delete target.powerBiEmbed;
    const iframe = element.querySelector('iframe');
    const frameWindow = iframe?.contentWindow;
    if (frameWindow) {
      trustedFrames.delete(frameWindow);
      // A proxy from a 2.8.0-style custom factory may not have `forget`.
      if ('forget' in this.wpmp) this.wpmp.forget(frameWindow);
    }
    iframe?.remove();
  }

  /**
   * Warms up the embed page in a hidden iframe (no uid, no messages); fires `preloaded` on the
   * iframe when it has loaded.
   */
  preload(config: IEmbedConfigurationBase, element?: HTMLElement): HTMLIFrameElement {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('style', 'display:none;');
    iframe.setAttribute('src', config.embedUrl ?? '');
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowfullscreen', 'false');
    (element ?? document.body).appendChild(iframe);
    trackPreloaded(iframe);
    iframe.onload = () => raiseCustomEvent(iframe, 'preloaded', {});
    return iframe;
  }

  /**
   * Names the wrapper library driving this service (powerbi-client-react and the like, from
   * powerbi-client 2.9) in the headers of every request: `x-sdk-type` and `x-sdk-wrapper-version`.
   */
  setSdkInfo(type: string, version: string): void {
    this.hpm.defaultHeaders['x-sdk-type'] = type;
    this.hpm.defaultHeaders['x-sdk-wrapper-version'] = version;
  }

  handleTileEvents(event: IEvent<unknown>): void {
    if (event.type === 'tile') this.handleEvent(event);
  }

  /** Origins beyond the embed URL's that this service's frames may show (`allowedOrigins`). */
  get allowedOrigins(): readonly string[] | undefined {
    return this.config.allowedOrigins;
  }

  getNumberOfComponents(): number {
    return this.embeds.length;
  }

  /** The 20-hex-character id sent as `sdkSessionId` on loads. */
  getSdkSessionId(): string {
    return this.uniqueSessionId;
  }

  /**
   * Registers `component` as the element's embed, replacing any earlier one on the same element.
   * 2.8.0 compared `element.id`, so containers without an id evicted each other.
   */
  addOrOverwriteEmbed(component: Embed, element: HTMLElement): void {
    this.embeds = this.embeds.filter((embed) => embed.element !== element);
    this.embeds.push(component);
  }

  private embedNew(
    element: IPowerBiElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    const componentType = config.type ? config.type : element.getAttribute(Embed.typeAttribute);
    if (!componentType) {
      throw errors.noType(config, element);
    }
    config.type = componentType;
    const build = Object.hasOwn(components, componentType) ? components[componentType] : undefined;
    if (!build) {
      throw errors.unknownType(componentType);
    }
    const component = build(this, element, config, phasedRender, isBootstrap);
    element.powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  private embedExisting(
    element: IPowerBiElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
  ): Embed {
    const component = find((x) => x.element === element, this.embeds);
    if (!component) {
      throw errors.notListed(config, element);
    }
    if (config.type && config.type.toLowerCase() === 'qna') return this.embedNew(element, config);
    if (typeof config.type === 'string' && config.type !== component.config.type) {
      if (config.type === 'report' && component.config.type === 'create')
        return this.#switchCreateToReport(element, component, config);
      throw errors.differentType(config, element, this.config.type);
    }
    if (component.isBootstrapped()) {
      component.completeBootstrap(config, phasedRender);
      return component;
    }
    // As 2.8.0: the caller's object, filled in by populateConfig, is what goes on the wire (no
    // default settings), and `load` may be wrapped to return anything (decision 0094).
    component.populateConfig(config);
    Promise.resolve(component.load(config, phasedRender)).catch(ignoreAutomatic);
    return component;
  }

  /** Reuses a Create's iframe for the report it produced; registers the new Report (2.8.0 re-registered the Create). */
  #switchCreateToReport(
    element: IPowerBiElement,
    create: Embed,
    config: IEmbedConfigurationBase,
  ): Report {
    const report = new Report(this, element, config, false, create.iframe);
    report.load(config).catch(ignoreAutomatic);
    element.powerBiEmbed = report;
    this.addOrOverwriteEmbed(report, element);
    return report;
  }

  #handleRoutedEvent(type: string, req: IExtendedRequest, name: string): void {
    const event = { type, id: String(req.params['uniqueId']), name, value: req.body };
    if (type === 'tile') this.handleTileEvents(event);
    else this.handleEvent(event);
  }

  /** Dispatches the event on the container of the embed with the uid; `pageChanged.newPage` becomes a Page. */
  private handleEvent(event: IEvent<unknown>): void {
    const embed = find((x) => x.config.uniqueId === event.id, this.embeds);
    if (!embed) return;
    const value = event.value as Record<string, unknown>;
    if (event.name === 'pageChanged') {
      const page = value?.['newPage'] as { name: string; displayName?: string } | undefined;
      if (!page) throw new Error("Page model not found at 'event.value.newPage'.");
      value['newPage'] = new Page(embed as Report, page.name, page.displayName, true);
    }
    raiseCustomEvent(embed.element, event.name, value);
  }
}
