import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { describeInBrowser, launchBrowser } from '../browser.ts';
import { layoutDefects } from './visual-quality.ts';

/**
 * A visual drawn as ECharts draws a paged legend: the items of the other pages sit outside the
 * visual's box, inside a group whose clip path hides them; one more text overflows unclipped.
 */
const PAGED_LEGEND = `
  <div data-visual-name="Legend" style="position:absolute;left:0;top:0;width:200px;height:100px">
    <svg width="200" height="100">
      <g clip-path="url(#page)">
        <text x="10" y="90" transform="translate(5 0)">Visible</text>
        <text x="20" y="90" transform="translate(300 0)">NextPage</text>
      </g>
      <text x="180" y="50">Overflowing</text>
      <defs><clipPath id="page"><path d="M0 0l150 0l0 20l-150 0Z" transform="translate(0 75)"/></clipPath></defs>
    </svg>
  </div>`;

describeInBrowser('layoutDefects on drawn SVG', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  test('flags a text cut by the visual box, not one its clip path hides', async () => {
    const page = await browser.newPage();
    await page.setContent(PAGED_LEGEND);
    expect(await layoutDefects(page.mainFrame())).toEqual(['Legend: "Overflowing" cut off']);
    await page.close();
  });
});
