import { afterEach, describe, expect, it } from 'vitest';
import {
  bootstrapReport,
  loadEmbedService,
  preloadReportFrame,
  reportEmbedPage,
  warmReportPage,
} from '../../../lib/embed-service.ts';
import { embedSettings } from './embed-config.ts';

const origin = 'http://bi.test';
const bootstrapConfig = (mobile: boolean) => ({
  type: 'report' as const,
  embedUrl: reportEmbedPage(origin),
  settings: embedSettings(mobile),
});

/** jsdom cannot move an iframe without reloading it; a plain insert stands in for Chromium's. */
function withMoveBefore(run: () => Promise<void>) {
  const proto = Element.prototype as Partial<Element> & { moveBefore?: Element['moveBefore'] };
  const had = proto.moveBefore;
  proto.moveBefore = function (this: Element, node: Node, child: Node | null) {
    this.insertBefore(node, child);
  };
  return run().finally(() => (proto.moveBefore = had));
}

const hiddenFrames = () => document.body.querySelectorAll(':scope > iframe');

afterEach(() => {
  document.body.replaceChildren();
});

describe('the preloaded report frame the viewer adopts (decision 0211)', () => {
  it.each([false, true])(
    'is preloaded on the very page the SDK bootstraps (mobile: %s)',
    async (mobile) => {
      const sdk = await loadEmbedService();
      const container = document.body.appendChild(document.createElement('div'));
      sdk.bootstrap(container, bootstrapConfig(mobile));
      const src = container.querySelector('iframe')?.getAttribute('src') ?? '';
      expect(src.replace(/&uid=[^&]+$/, '')).toBe(warmReportPage(origin, mobile));
      sdk.reset(container);
    },
  );

  it('is moved into the viewer once, and the next gateway visit preloads a fresh one', () =>
    withMoveBefore(async () => {
      const sdk = await loadEmbedService();
      await preloadReportFrame(origin, false);
      await preloadReportFrame(origin, false);
      expect(hiddenFrames()).toHaveLength(1);
      const warm = hiddenFrames()[0];

      const container = document.body.appendChild(document.createElement('div'));
      bootstrapReport(sdk, container, bootstrapConfig(false));
      expect(container.querySelector('iframe')).toBe(warm);
      expect(hiddenFrames()).toHaveLength(0);
      sdk.reset(container);

      await preloadReportFrame(origin, false);
      expect(hiddenFrames()).toHaveLength(1);
      expect(hiddenFrames()[0]).not.toBe(warm);
    }));

  it('stays hidden for a later report when the browser cannot move iframes', async () => {
    const sdk = await loadEmbedService();
    await preloadReportFrame(origin, false);
    const warm = hiddenFrames()[0];
    const container = document.body.appendChild(document.createElement('div'));
    bootstrapReport(sdk, container, bootstrapConfig(false));
    expect(container.querySelector('iframe')).not.toBe(warm);
    sdk.reset(container);
    await preloadReportFrame(origin, false);
    expect(hiddenFrames()).toHaveLength(1);
    expect(hiddenFrames()[0]).toBe(warm);
  });
});
