import type { Service } from '../src/service.ts';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { expect, it } from 'vitest';
import { frameOf, frameRequest, outcome, waitForRequest } from './support/harness.ts';
import { embedAndWait, reportConfig, embedOf, useOurSdkPage } from './support/suite.ts';

describeInBrowser('embed lifecycle (our SDK)', () => {
  const state = useOurSdkPage();

  // Chromium serialises the CSSOM-set style attribute last, for 2.8.0's iframe too.
  it('builds the exact iframe, with isMobile and locale in embedUrl and the uid last in src only', async () => {
    const { page } = state;
    const settings = { layoutType: 2, localeSettings: { language: 'es', formatLocale: 'es-CO' } };
    const frame = await embedAndWait(
      page,
      'c1',
      reportConfig(state.harness, { uniqueId: 'u1', settings }),
    );
    const base = `${state.harness.frames.url}/reportEmbed?reportId=r1&groupId=g1&isMobile=true&language=es&formatLocale=es-CO`;
    expect(await page.$eval('#c1', (el) => el.innerHTML)).toBe(
      `<iframe src="${base.replaceAll('&', '&amp;')}&amp;uid=u1" scrolling="no" allowfullscreen="true" style="width: 100%; height: 100%;"></iframe>`,
    );
    const load = await waitForRequest(frame, 'POST', '/report/load');
    expect(load.body).toEqual({
      ...reportConfig(state.harness),
      embedUrl: base,
      uniqueId: 'u1',
      groupId: 'g1',
      settings,
    });
  });

  it('takes uniqueId, token and id from attributes, and defaults settings from the pane attributes', async () => {
    const { page } = state;
    await page.evaluate((url) => {
      const el = document.getElementById('c1') as HTMLElement;
      el.setAttribute('powerbi-name', 'from-attr');
      el.setAttribute('powerbi-access-token', 'attr-token');
      el.setAttribute('powerbi-report-id', 'attr-id');
      el.setAttribute('powerbi-settings-filter-pane-enabled', 'false');
      powerbi.embed(el, { type: 'report', embedUrl: `${url}/reportEmbed` });
    }, state.harness.frames.url);
    const load = await waitForRequest(await frameOf(page, 'c1'), 'POST', '/report/load');
    expect(load.body).toMatchObject({
      uniqueId: 'from-attr',
      accessToken: 'attr-token',
      id: 'attr-id',
      settings: { filterPaneEnabled: false, navContentPaneEnabled: true },
    });
  });

  it('sends the load again on every iframe load event, and generates a random uid when none is given', async () => {
    const { page } = state;
    const frame = await embedAndWait(page, 'c1', reportConfig(state.harness));
    const first = await waitForRequest(frame, 'POST', '/report/load');
    expect(first.headers['uid']).toMatch(/^[0-9a-z]{4,}$/);
    // Mark the first document so the wait below only accepts the reloaded one.
    await frame.evaluate(() => {
      (window as unknown as { firstDocument: boolean }).firstDocument = true;
      location.reload();
    });
    await frame.waitForFunction(() => 'testFrame' in window && !('firstDocument' in window));
    const reloaded = await waitForRequest(frame, 'POST', '/report/load');
    expect(reloaded.headers['uid']).toBe(first.headers['uid']);
    expect(await outcome(page, `powerbi.getNumberOfComponents()`)).toEqual({ resolved: 1 });
  });

  it('re-embed: same component and iframe, load sent at once with the new config; type rules', async () => {
    const { page } = state;
    const frame = await embedAndWait(page, 'c1', reportConfig(state.harness, { uniqueId: 'u1' }));
    const src = await page.$eval('#c1 iframe', (el) => el.getAttribute('src'));
    const same = await outcome(
      page,
      `(() => { const before = ${embedOf('c1')}; powerbi.embed(document.getElementById('c1'), ${JSON.stringify(reportConfig(state.harness, { id: 'r2', uniqueId: 'u2' }))}); return before === ${embedOf('c1')}; })()`,
    );
    expect(same).toEqual({ resolved: true });
    const reload = await waitForRequest(frame, 'POST', '/report/load', 2);
    expect([reload.headers['uid'], (reload.body as { id: string }).id]).toEqual(['u2', 'r2']);
    expect(await page.$eval('#c1 iframe', (el) => el.getAttribute('src'))).toBe(src);
    const reply = await frameRequest(frame, '/reports/u2/events/loaded', null);
    expect(reply).toMatchObject({ statusCode: 200 });
    const dashboard = {
      type: 'dashboard',
      id: 'd',
      embedUrl: `${state.harness.frames.url}/dashboardEmbed`,
      accessToken: 't',
    };
    const wrongType = await outcome(
      page,
      `powerbi.embed(document.getElementById('c1'), ${JSON.stringify(dashboard)})`,
    );
    expect(wrongType).toEqual({
      threw: {
        error: expect.stringMatching(
          /^Embedding on an existing element with a different type than the previous embed object is not supported\. {2}Attempted/,
        ),
      },
    });
    const qna = {
      type: 'qna',
      datasetIds: ['d'],
      embedUrl: `${state.harness.frames.url}/qnaEmbed`,
      accessToken: 't',
    };
    const qnaIsNew = await outcome(
      page,
      `(() => { const el = document.getElementById('c2'); const a = powerbi.embed(el, ${JSON.stringify(qna)}); return a !== powerbi.embed(el, ${JSON.stringify(qna)}); })()`,
    );
    expect(qnaIsNew).toEqual({ resolved: true });
  });

  it('reset: forgets the embed and removes its iframe; get() then throws the exact message', async () => {
    const { page } = state;
    await embedAndWait(page, 'c1', reportConfig(state.harness, { uniqueId: 'u1' }));
    await page.evaluate(() => powerbi.reset(document.getElementById('c1') as HTMLElement));
    expect(
      await outcome(
        page,
        `[document.querySelector('#c1 iframe'), powerbi.find('u1'), powerbi.getNumberOfComponents()]`,
      ),
    ).toEqual({ resolved: [null, undefined, 0] });
    expect(await outcome(page, embedOf('c1'))).toEqual({
      threw: {
        error:
          'You attempted to get an instance of powerbi component associated with element: <div id="c1" style="width:640px;height:400px"></div> but there was no associated instance.',
      },
    });
  });

  it('containers without an id keep their own embeds (2.8.0 evicted the first)', async () => {
    const { page } = state;
    const result = await page.evaluate((cfg) => {
      const [a, b] = [document.createElement('div'), document.createElement('div')];
      document.body.append(a, b);
      powerbi.embed(a, { ...cfg, uniqueId: 'ua' });
      powerbi.embed(b, { ...cfg, uniqueId: 'ub' });
      return [
        Boolean(powerbi.find('ua')),
        Boolean(powerbi.find('ub')),
        powerbi.getNumberOfComponents(),
      ];
    }, reportConfig(state.harness));
    expect(result).toEqual([true, true, 2]);
  });

  it('fullscreen() puts the iframe in fullscreen and exitFullscreen() leaves it', async () => {
    const { page } = state;
    await embedAndWait(page, 'c1', reportConfig(state.harness));
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'full';
      button.onclick = () => powerbi.get(document.getElementById('c1') as HTMLElement).fullscreen();
      document.body.prepend(button);
    });
    // Fullscreen needs a user gesture: a real click.
    await page.click('#full');
    await page.waitForFunction(() => document.fullscreenElement?.tagName === 'IFRAME');
    await page.evaluate(() =>
      powerbi.get(document.getElementById('c1') as HTMLElement).exitFullscreen(),
    );
    await page.waitForFunction(() => document.fullscreenElement === null);
  });
});

declare const powerbi: Service;
