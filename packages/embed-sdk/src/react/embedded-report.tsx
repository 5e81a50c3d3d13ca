import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import type { Embed } from '../embed.ts';
import type { IEmbedConfigurationBase } from '../embed-types.ts';
import { globalService } from '../global-service.ts';
import type { IEventHandler, IPowerBiElement, Service } from '../service.ts';

/** Event name → handler; handlers receive the SDK's CustomEvent (payload in `detail`). */
export type EventHandlerMap = Record<string, IEventHandler<unknown> | undefined>;

export interface EmbeddedReportProps {
  /**
   * The embed config. Without `accessToken` (but with `type` and `embedUrl`) the iframe is only
   * bootstrapped, so the page loads while the host fetches the token; once the token arrives the
   * same iframe receives the load. A later token change is sent with `setAccessToken`, no reload.
   */
  config: IEmbedConfigurationBase & Record<string, unknown>;
  /** Subscriptions, kept in sync with the prop. */
  eventHandlers?: EventHandlerMap;
  /** Called with the embed each time one is created or re-embedded. */
  onEmbedded?: (embed: Embed) => void;
  /** Phased load: a report gets `/report/prepare`; call `render()` on the embed to show it. */
  phased?: boolean;
  /** The Service to embed with; default: the page's `window.powerbi`. */
  service?: Service;
  className?: string;
  style?: CSSProperties;
  /** The iframe's title, for assistive technology. */
  title?: string;
  /** Receives the embed (undefined until embedded). */
  ref?: Ref<Embed | undefined>;
}

/** The config minus the token, so a token refresh is not mistaken for a new report. */
function configIdentity(config: EmbeddedReportProps['config']): string {
  return JSON.stringify({ ...config, accessToken: undefined });
}

/**
 * A container with an embedded report (or any embed type). It embeds on mount and when the
 * config changes, keeps event handlers in sync, and calls `service.reset` on unmount.
 * @example
 * <EmbeddedReport config={{ type: 'report', id, embedUrl, accessToken }}
 *   eventHandlers={{ rendered: () => setReady(true) }} ref={embedRef} />
 */
export function EmbeddedReport(props: EmbeddedReportProps) {
  const { config, eventHandlers, onEmbedded, phased, className, style, title, ref } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [embed, setEmbed] = useState<Embed | undefined>(undefined);
  const service = props.service ?? null;
  const identity = configIdentity(config);
  const latest = useRef({ config, onEmbedded, phased });
  latest.current = { config, onEmbedded, phased };

  useImperativeHandle(ref, () => embed, [embed]);

  // Embed (or bootstrap) on mount and whenever the config other than the token changes.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const owner = service ?? globalService();
    const { config: current, phased: isPhased } = latest.current;
    const copy = { ...current };
    // Re-embedding into a component of another type is an error in 2.8.0: start afresh instead.
    const existing = (container as IPowerBiElement).powerBiEmbed;
    if (existing && copy.type !== undefined && existing.config.type !== copy.type)
      owner.reset(container);
    let component: Embed;
    if (!copy.accessToken && !owner.accessToken) component = owner.bootstrap(container, copy);
    else component = isPhased ? owner.load(container, copy) : owner.embed(container, copy);
    setEmbed(component);
    if (!component.isBootstrapped()) latest.current.onEmbedded?.(component);
    return undefined;
  }, [identity, service]);

  // A new token: complete a bootstrapped embed, or refresh the live one in place.
  useEffect(() => {
    const container = containerRef.current;
    const token = config.accessToken;
    if (!embed || !container || !token || embed.config.accessToken === token) return;
    if (embed.isBootstrapped()) {
      const owner = service ?? globalService();
      const completed = latest.current.phased
        ? owner.load(container, { ...config })
        : owner.embed(container, { ...config });
      latest.current.onEmbedded?.(completed);
    } else {
      void embed.setAccessToken(token).catch(() => undefined);
    }
  }, [embed, config, service]);

  useEffect(() => {
    if (!embed || !eventHandlers) return;
    const subscribed = Object.entries(eventHandlers).filter(
      (entry): entry is [string, IEventHandler<unknown>] => !!entry[1],
    );
    for (const [name, handler] of subscribed) subscribe(embed, name, handler);
    return () => {
      for (const [name, handler] of subscribed) unsubscribe(embed, name, handler);
    };
  }, [embed, eventHandlers]);

  useEffect(() => {
    embed?.setComponentTitle(title);
  }, [embed, title]);

  // Unmount: forget the embed and remove its iframe.
  useEffect(() => {
    const container = containerRef.current;
    return () => {
      if (container) (service ?? globalService()).reset(container);
    };
  }, [service]);

  return (
    <div
      ref={containerRef}
      className={className}
      style={style ?? { width: '100%', height: '100%' }}
    />
  );
}

/** `on()` for the names the embed allows; plain DOM listeners for the rest (e.g. `ready`). */
function subscribe(embed: Embed, name: string, handler: IEventHandler<unknown>): void {
  if (embed.allowedEvents.includes(name)) embed.on(name, handler);
  else embed.element.addEventListener(name, handler as EventListener);
}

function unsubscribe(embed: Embed, name: string, handler: IEventHandler<unknown>): void {
  if (embed.allowedEvents.includes(name)) embed.off(name, handler);
  else embed.element.removeEventListener(name, handler as EventListener);
}
