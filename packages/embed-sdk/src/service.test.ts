// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dashboard } from './dashboard.ts';
import type { IEmbedConfiguration } from './embed-types.ts';
import { hpmFactory, routerFactory, wpmpFactory } from './factories.ts';
import { Report } from './report.ts';
import { Service } from './service.ts';
import { Visual } from './visual.ts';

const embedUrl = 'https://bi.example/reportEmbed?reportId=r1&groupId=g1';
const base = { type: 'report', embedUrl, accessToken: 't' };
/** Types a literal as 2.8.0 host code does before passing it to embed(). */
const cfg = (config: IEmbedConfiguration) => config;

describe('Service and components (jsdom: pure logic, no frame answers)', () => {
  let service: Service;
  let container: HTMLElement;

  beforeEach(() => {
    service = new Service(hpmFactory, wpmpFactory, routerFactory);
    container = document.createElement('div');
    container.id = 'host';
    document.body.append(container);
  });
  afterEach(() => {
    service.wpmp.stop();
    document.body.replaceChildren();
  });

  it('ignores what a replaced `load` returns when the iframe loads, as 2.8.0 does', async () => {
    const report = service.embed(container, cfg({ ...base, id: 'r1' })) as Report;
    const uncaught: unknown[] = [];
    // Only uncaught exceptions: the container's own `error` CustomEvents bubble here too.
    const onError = (event: Event) => {
      if (event instanceof ErrorEvent) uncaught.push(event.error);
    };
    window.addEventListener('error', onError);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      for (const replacement of [
        () => undefined,
        () => {
          throw new Error('spy');
        },
      ]) {
        report.load = replacement as unknown as Report['load'];
        report.iframe.dispatchEvent(new Event('load'));
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      window.removeEventListener('error', onError);
      process.off('unhandledRejection', onRejection);
    }
    expect(uncaught).toEqual([]);
    expect(rejections).toEqual([]);
  });

  it('has 2.8.0’s own keys and no accessToken until one is assigned', () => {
    expect(Object.keys(service).sort()).toEqual([
      'config',
      'embeds',
      'hpm',
      'router',
      'uniqueSessionId',
      'wpmp',
    ]);
    expect('accessToken' in service).toBe(false);
    expect(service.getSdkSessionId()).toMatch(/^[0-9a-f]{20}$/);
  });

  it('populates the report config: id and group from the URL, defaults only without host settings', () => {
    const report = service.embed(container, { ...base }) as Report;
    expect(report).toBeInstanceOf(Report);
    expect(report.config).toMatchObject({
      id: 'r1',
      groupId: 'g1',
      settings: { filterPaneEnabled: true, navContentPaneEnabled: true },
    });
    const other = document.createElement('div');
    const custom = service.embed(other, { ...base, settings: { background: 1 } }) as Report;
    expect(custom.config.settings).toEqual({ background: 1 });
  });

  it('uses the service token as the last token fallback', () => {
    service.accessToken = 'global';
    const report = service.embed(container, { type: 'report', embedUrl });
    expect(report.config.accessToken).toBe('global');
  });

  it('get() throws for an element without embed; find() looks up by uniqueId', () => {
    expect(() => service.get(container)).toThrow(/there was no associated instance\.$/);
    const report = service.embed(container, { ...base, uniqueId: 'u1' });
    expect(service.get(container)).toBe(report);
    expect(service.find('u1')).toBe(report);
  });

  it('reset of an element without embed leaves the others registered (2.8.0 removed the first)', () => {
    service.embed(container, { ...base, uniqueId: 'u1' });
    service.reset(document.createElement('div'));
    expect(service.getNumberOfComponents()).toBe(1);
  });

  it('off() with an unknown handler keeps the recorded ones (2.8.0 dropped the first)', () => {
    const report = service.embed(container, { ...base });
    const kept = () => undefined;
    report.on('loaded', kept);
    report.off('loaded', () => undefined);
    expect(report.eventHandlers.map((h) => h.handle)).toEqual([kept]);
    report.off('loaded');
    expect(report.eventHandlers).toEqual([]);
  });

  it('the bookmarks manager carries the embed’s uid and follows re-embeds (2.8.0 lost it)', () => {
    const report = service.embed(container, { ...base }) as Report;
    expect(report.bookmarksManager.config.uniqueId).toBe(report.config.uniqueId);
    service.embed(container, { ...base, uniqueId: 'again' });
    expect(report.bookmarksManager.config.uniqueId).toBe('again');
  });

  it('init() embeds every element with powerbi-embed-url, reading type and token from attributes', () => {
    container.innerHTML = `<div powerbi-embed-url="${embedUrl}" powerbi-type="report" powerbi-access-token="a"></div><div powerbi-embed-url="https://bi.example/dashboardEmbed?dashboardId=d" powerbi-type="dashboard" powerbi-access-token="b"></div>`;
    const embeds = service.init(container);
    expect(embeds.map((e) => e.constructor)).toEqual([Report, Dashboard]);
    expect(embeds.map((e) => e.config.id)).toEqual(['r1', 'd']);
  });

  it('bootstrap builds the embed page URL from hostname when no URL is given', () => {
    const embed = service.bootstrap(container, { type: 'dashboard', hostname: 'bi.example' });
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      `https://bi.example/dashboardEmbed?uid=${embed.config.uniqueId}`,
    );
    expect(embed.isBootstrapped()).toBe(true);
  });

  it('routes tile events only through handleTileEvents for type tile', () => {
    const tile = service.embed(
      container,
      cfg({
        type: 'tile',
        id: 't',
        dashboardId: 'd',
        embedUrl: 'https://bi.example/embed',
        accessToken: 't',
        uniqueId: 'ut',
      }),
    );
    const seen: unknown[] = [];
    tile.element.addEventListener('tileClicked', (e) => seen.push((e as CustomEvent).detail));
    service.handleTileEvents({ type: 'report', id: 'ut', name: 'tileClicked', value: 1 });
    service.handleTileEvents({ type: 'tile', id: 'ut', name: 'tileClicked', value: 2 });
    expect(seen).toEqual([2]);
  });

  it('a visual without page or visual name fails in embed(), with 2.8.0’s messages', () => {
    expect(() =>
      service.embed(container, cfg({ ...base, type: 'visual', visualName: 'v' })),
    ).toThrow('Page name is required when embedding a visual.');
    const other = document.createElement('div');
    const visual = service.embed(
      other,
      cfg({ ...base, type: 'visual', pageName: 'P', visualName: 'v' }),
    );
    expect(visual).toBeInstanceOf(Visual);
    expect(visual.allowedEvents).toEqual(
      (service.embed(document.createElement('div'), { ...base }) as Report).allowedEvents,
    );
  });

  it('an element embedded by another Service is out of this one’s list: 2.8.0’s exact message', () => {
    const other = new Service(hpmFactory, wpmpFactory, routerFactory);
    other.embed(container, { ...base });
    expect(() => service.embed(container, { ...base })).toThrow(
      'which already has embedded comopnent associated, but could not find the existing comopnent in the list of active components.',
    );
    other.wpmp.stop();
  });

  it('title and tab index helpers act on the iframe and the container', () => {
    const report = service.embed(container, { ...base });
    report.setComponentTitle('Ventas');
    expect(report.iframe.getAttribute('title')).toBe('Ventas');
    report.setComponentTitle(null);
    expect(report.iframe.hasAttribute('title')).toBe(false);
    report.setComponentTabIndex();
    expect(container.getAttribute('tabindex')).toBe('0');
    report.setComponentTabIndex(3);
    expect(container.getAttribute('tabindex')).toBe('3');
    report.removeComponentTabIndex();
    expect(container.hasAttribute('tabindex')).toBe(false);
  });

  it('reads ids from embed URLs with 2.8.0’s case-sensitive regexes (a quoted value keeps its quote)', () => {
    expect(Report.findIdFromEmbedUrl('x?reportId=abc&groupId=g')).toBe('abc');
    expect(Report.findIdFromEmbedUrl('x?reportid=abc')).toBeUndefined();
    expect(Dashboard.findIdFromEmbedUrl('x?dashboardId="d1"')).toBe('d1"');
  });
});
